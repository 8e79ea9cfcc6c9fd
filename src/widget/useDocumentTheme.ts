import { useEffect, useLayoutEffect } from 'react';
import { DARK_TEXT, HEX_COLOR, isLightColor } from '../shared/color';
import { direction, intlLocale } from './i18n';
import type { WidgetState } from './state/widget';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Applies the widget's look to the document: language and direction, the inbox colour with a
 * readable text colour on it, light/dark (auto follows the system live), flat style, mobile
 * layout, and the visual viewport height so the phone keyboard never hides the composer.
 * CSS custom properties are set through the CSSOM, which a `style-src 'self'` CSP allows.
 */
export function useDocumentTheme({ app, channel }: WidgetState): void {
  const root = document.documentElement;
  const settings = app.settings.value;
  // Read while rendering, not only in the effect: that subscribes the component, so a change
  // of the system scheme under `auto`, of the phone layout or of the language (`setLocale`)
  // re-renders and re-applies.
  const dark = app.isDark.value;
  const mobile = app.isMobile.value;
  const lang = intlLocale.value;
  const dir = direction.value;

  // Before the browser paints: the strings of a new language and its direction show together.
  useLayoutEffect(() => {
    root.lang = lang;
    root.dir = dir;
    root.classList.toggle('dark', dark);
    root.classList.toggle('flat', settings.widgetStyle === 'flat');
    root.classList.toggle('mobile', mobile);
    root.classList.toggle('left', settings.position === 'left');
  });

  useEffect(() => {
    const color = HEX_COLOR.test(channel.widgetColor) ? channel.widgetColor : '#1f93ff';
    root.style.setProperty('--widget-color', color);
    const light = isLightColor(color);
    root.style.setProperty('--on-widget-color', light ? DARK_TEXT : '#fff');
    // The brand colour drawn on the page (focus rings, the read mark) needs 3:1 against it (WCAG
    // 1.4.11). On white, one light enough to take dark text may not have it; on the dark page, one
    // dark enough to take white text may not: either way the text colour stands in.
    root.style.setProperty('--focus-color', light === dark ? color : dark ? 'var(--text)' : DARK_TEXT);
  }, [channel.widgetColor, dark]);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const query = matchMedia(DARK_QUERY);
    const onChange = () => app.setSystemDark(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return undefined;
    const onResize = () => root.style.setProperty('--app-height', `${Math.round(viewport.height)}px`);
    onResize();
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, []);
}
