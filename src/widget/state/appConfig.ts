import { computed, signal } from '@preact/signals-react';
import type { ColorScheme, WidgetSettings } from '../../shared/protocol';
import { DEFAULT_WIDGET_SETTINGS } from '../../shared/widgetSettings';

/** How the host embeds the widget (docs/protocol.md#settings, set by `config-set`). */
export function createAppConfig(standalone: boolean) {
  const settings = signal<WidgetSettings>(DEFAULT_WIDGET_SETTINGS);
  // A popout window or a direct /widget visit is always "open".
  const isWidgetOpen = signal(standalone);
  const isMobile = signal(false);
  const referrerURL = signal('');
  const referrerHost = signal('');
  const systemDark = signal(typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);

  const colorScheme = computed<ColorScheme>(() => settings.value.darkMode);
  const isDark = computed(() => colorScheme.value === 'dark' || (colorScheme.value === 'auto' && systemDark.value));

  return {
    settings,
    isWidgetOpen,
    isMobile,
    referrerURL,
    referrerHost,
    systemDark,
    isDark,
    update(changes: Partial<WidgetSettings>) {
      settings.value = { ...settings.value, ...changes };
    },
  };
}

export type AppConfig = ReturnType<typeof createAppConfig>;
