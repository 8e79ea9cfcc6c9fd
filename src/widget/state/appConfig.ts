import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ColorScheme, WidgetSettings } from '../../shared/protocol';
import type { ChannelConfig, FeatureFlag } from '../../shared/types';
import { DEFAULT_WIDGET_SETTINGS } from '../../shared/widgetSettings';

/**
 * How the host embeds the widget (docs/embedding.md#windowchatwootsettings, set by `config-set`), and the
 * effective settings: what the host set, else the inbox's own choice. Views read those here;
 * none works out a fallback of its own.
 */
export function createAppConfig(standalone: boolean, channel: Pick<ChannelConfig, 'enabledFeatures' | 'welcomeTitle' | 'welcomeTagline'>) {
  const settings = signal<WidgetSettings>(DEFAULT_WIDGET_SETTINGS);
  // A popout window or a direct /widget visit is always "open".
  const isWidgetOpen = signal(standalone);
  // In a frame, closed until the host says otherwise; whether it has said so yet is worth knowing.
  const openStateKnown = signal(standalone);
  const isMobile = signal(false);
  const referrerURL = signal('');
  const referrerHost = signal('');
  const systemDark = signal(typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  const inboxAllows = (feature: FeatureFlag) => channel.enabledFeatures.includes(feature);

  const colorScheme = computed<ColorScheme>(() => settings.value.darkMode);
  const chatOff = computed(() => settings.value.consent === 'declined' && settings.value.consentDeclined === 'none');

  return {
    settings: settings as ReadonlySignal<WidgetSettings>,
    isWidgetOpen: isWidgetOpen as ReadonlySignal<boolean>,
    /** The host has said whether the window is open (its `toggle-open` answers `loaded`); always in a popout. */
    openStateKnown: openStateKnown as ReadonlySignal<boolean>,
    isMobile: isMobile as ReadonlySignal<boolean>,
    referrerURL: referrerURL as ReadonlySignal<string>,
    referrerHost: referrerHost as ReadonlySignal<string>,
    systemDark: systemDark as ReadonlySignal<boolean>,
    isDark: computed(() => colorScheme.value === 'dark' || (colorScheme.value === 'auto' && systemDark.value)),
    /** The home header's title and intro: the host's wording, else the inbox's. */
    welcomeTitle: computed(() => settings.value.welcomeTitle || channel.welcomeTitle),
    welcomeDescription: computed(() => settings.value.welcomeDescription || channel.welcomeTagline),
    /** The host's `enableFileUpload` when it says, else the inbox's `attachments` feature. */
    canAttach: computed(() => settings.value.enableFileUpload ?? inboxAllows('attachments')),
    /** Both must allow it: the inbox's flag and the host's `enableEmojiPicker` (default true). */
    canPickEmoji: computed(() => settings.value.enableEmojiPicker !== false && inboxAllows('emoji_picker')),
    /** Both must allow it: the inbox's flag and the host's `enableEndConversation`. */
    canEndConversation: computed(() => inboxAllows('end_conversation') && settings.value.enableEndConversation),
    /** Declined where a Decline leaves no chat: the chat-off screen stands in the chat's place (docs/behaviour.md#consent). */
    chatOff,
    /** A popout window (or a direct visit) is already popped out. */
    showPopout: computed(() => settings.value.showPopoutButton && !standalone),
    update(changes: Partial<WidgetSettings>) {
      settings.value = { ...settings.value, ...changes };
    },
    setOpen(open: boolean) {
      batch(() => {
        isWidgetOpen.value = open;
        openStateKnown.value = true;
      });
    },
    /** The host's layout: a phone's full-screen window gets its own close button. */
    setMobile(mobile: boolean) {
      isMobile.value = mobile;
    },
    /** The host page the visitor is on (`change-url`). */
    setPage(url: string, host: string) {
      referrerURL.value = url;
      referrerHost.value = host;
    },
    /** The system's colour scheme, which `darkMode: 'auto'` follows live. */
    setSystemDark(dark: boolean) {
      systemDark.value = dark;
    },
  };
}

export type AppConfig = ReturnType<typeof createAppConfig>;
