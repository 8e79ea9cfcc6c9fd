import css from './launcher.css';
import type { LoaderSettings } from './settings';
import { HEX_COLOR, isLightColor } from '../shared/color';

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * The bubble's icon, in whole units of the 240 × 240 box: 0.1 px at the 24 px the bubble draws
 * it, and fewer bytes. The runtime turns it into a close icon while the chat window is open
 * (`runtime/launcherIcon.ts`): the icon changes with the window it closes.
 */
export const CHAT_PATH = 'M120 0C54 0 0 49 0 109c0 34 17 64 44 84v47l46-25c10 3 20 4 31 4 66 0 120-49 120-109S187 0 120 0z';

/**
 * What the launcher says: its name, and its tooltip and name while the chat is open. English
 * until the runtime brings the visitor's language (`runtime/hostStrings.ts`); only English rides
 * in sdk.js, and a test holds it equal to `locales/en.json`.
 */
export interface LauncherNames {
  /** The name and the expanded bubble's text, unless the site or the widget gives a label. */
  label: string;
  /** The tooltip while the chat is closed (the runtime's: runtime/launcherIcon.ts). */
  open: string;
  /** The name and tooltip while it is open. */
  close: string;
}

export interface Launcher {
  shadow: ShadowRoot;
  root: HTMLElement;
  bubble: HTMLButtonElement;
  /** The icon's path: a chat bubble, a cross while the window is open. */
  icon: SVGPathElement;
  /** What the launcher says; the runtime puts them in the visitor's language, then calls `setLabel`. */
  names: LauncherNames;
  /** The expanded bubble's text and the closed launcher's name (empty: `names.label`); updates the names. */
  setLabel(label?: string): void;
  setColor(color: string): void;
  toggleClass(name: string, on: boolean): void;
  /** Takes the launcher off the page for good (`$chatwoot.destroy()`). */
  remove(): void;
}

/** A constructable stylesheet: allowed by `style-src 'self'`, unlike `<style>` or style="". */
export function sheet(text: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(text);
  return s;
}

/**
 * Paints the launcher bubble in a shadow root, so host CSS cannot leak in, and styles it with
 * constructable stylesheets only, so it renders under a strict `style-src 'self'` CSP.
 */
export function createLauncher(settings: LoaderSettings, onClick: () => void, onIntent: () => void, snippets = true): Launcher {
  const host = document.createElement('div');
  // `#wren-chat` is the snippet's widget; an app's widgets are its handles' (docs/architecture.md#several-widgets-on-one-page).
  if (snippets) host.id = 'wren-chat';
  const shadow = host.attachShadow({ mode: 'open' });
  const colorSheet = sheet('');
  shadow.adoptedStyleSheets = [sheet(css), colorSheet];

  const root = document.createElement('div');
  // The settings' values are the launcher's classes (`left`, `flat`, `expanded_bubble`…): one
  // string costs the page fewer bytes than a toggle per setting.
  root.className = `root ${settings.position} ${settings.widgetStyle} ${settings.type}${settings.hideMessageBubble ? ' hidden-bubble' : ''}`;
  // No `type`: it matters only in a form, and the launcher is never in one (see `attach`).
  const bubble = document.createElement('button');
  bubble.className = 'bubble';
  const label = document.createElement('span');
  label.className = 'label';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 240 240');
  svg.setAttribute('aria-hidden', 'true');
  const icon = document.createElementNS(SVG_NS, 'path');
  icon.setAttribute('d', CHAT_PATH);
  svg.append(icon);
  bubble.append(svg, label);
  // Handler properties of our own button, not listeners: fewer bytes, and nothing else sets them.
  bubble.onclick = onClick;
  // Intent: a pointer (mouse hover, or the start of a tap: touch input fires pointerenter too)
  // or keyboard focus. Reported every time; the loader acts on the first.
  bubble.onpointerenter = bubble.onfocus = onIntent;
  root.append(bubble);
  shadow.append(root);
  // After <body>, not in it: Turbo, Turbolinks, Astro's view transitions and htmx swap the body
  // on navigation, and the launcher and an open chat frame (which would reload if moved) stay.
  // Navigation that replaced more puts the launcher back when it announces itself done
  // (docs/behaviour.md#host-page); nothing watches the host's DOM.
  const life = new AbortController();
  const attach = () => host.isConnected || document.documentElement.append(host);
  attach();
  for (const type of ['turbo:load', 'turbo:render', 'turbolinks:load', 'astro:after-swap'])
    addEventListener(type, attach, { signal: life.signal });

  const names: LauncherNames = { label: 'Chat with us', open: 'Open chat window', close: 'Close chat window' };
  let labelText = settings.launcherTitle;
  // The accessible name says what a click does; the visible label keeps the site's wording. The
  // tooltip is the runtime's (runtime/launcherIcon.ts): it shows on a hover, which loads it.
  const syncName = () => {
    label.textContent = labelText || names.label;
    bubble.setAttribute('aria-label', root.classList.contains('open') ? names.close : label.textContent);
  };

  const launcher: Launcher = {
    shadow,
    root,
    bubble,
    icon,
    names,
    setLabel(text) {
      labelText = text;
      syncName();
    },
    setColor(color) {
      const valid = HEX_COLOR.test(color);
      if (valid) colorSheet.replaceSync(`.root{--color:var(--wren-launcher-color,${color})}`);
      // The icon and label take dark or white text by contrast, as every surface on the brand
      // colour does; launcher.css's default blue takes dark text.
      root.classList.toggle('light-color', !valid || isLightColor(color));
    },
    remove() {
      life.abort();
      host.remove();
    },
    toggleClass(name, on) {
      root.classList.toggle(name, on);
      if (name === 'open') {
        bubble.setAttribute('aria-expanded', `${on}`);
        syncName();
      }
    },
  };
  // Closed: `aria-expanded="false"` and the names.
  launcher.toggleClass('open', false);
  launcher.setColor(settings.widgetColor || '');
  return launcher;
}
