import css from './launcher.css';
import type { LoaderSettings } from './settings';
import { HEX_COLOR, isLightColor } from '../shared/color';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CHAT_PATH = 'M120 0C54 0 0 49 0 109c0 34 17 64 44 84v47l46-25c10 3 20 4 31 4 66 0 120-49 120-109S187 0 120 0z';
const CLOSE_PATH = 'M45 30l75 75 75-75 15 15-75 75 75 75-15 15-75-75-75 75-15-15 75-75-75-75z';
const DEFAULT_LABEL = 'Chat with us';
/** The launcher's colour until the site or the inbox gives one (`--color` in launcher.css). */
const DEFAULT_COLOR = '#1f93ff';

export interface Launcher {
  shadow: ShadowRoot;
  root: HTMLElement;
  bubble: HTMLButtonElement;
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
export function createLauncher(settings: LoaderSettings, onClick: () => void, onIntent: () => void): Launcher {
  const host = document.createElement('div');
  host.id = 'wren-chat';
  const shadow = host.attachShadow({ mode: 'open' });
  const colorSheet = sheet('');
  shadow.adoptedStyleSheets = [sheet(css), colorSheet];

  const root = document.createElement('div');
  root.className = `root ${settings.position}`;
  const bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.className = 'bubble';
  bubble.setAttribute('aria-expanded', 'false');
  const label = document.createElement('span');
  label.className = 'label';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 240 240');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  svg.append(path);
  bubble.append(svg, label);
  bubble.addEventListener('click', onClick);
  // Intent is reported once, whichever comes first: a pointer (mouse hover, or the start of a
  // tap: touch input fires pointerenter too) or keyboard focus.
  const intent = new AbortController();
  const onFirstIntent = () => {
    intent.abort();
    onIntent();
  };
  for (const type of ['pointerenter', 'focus']) bubble.addEventListener(type, onFirstIntent, { signal: intent.signal });
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

  let labelText = DEFAULT_LABEL;
  // The accessible name says what a click does; the visible label keeps the site's wording.
  const syncName = () => {
    const open = root.classList.contains('open');
    path.setAttribute('d', open ? CLOSE_PATH : CHAT_PATH);
    bubble.setAttribute('aria-label', open ? 'Close chat window' : labelText);
    bubble.title = open ? 'Close chat window' : 'Open chat window';
  };

  const launcher: Launcher = {
    shadow,
    root,
    bubble,
    setLabel(text) {
      labelText = text || DEFAULT_LABEL;
      label.textContent = labelText;
      syncName();
    },
    setColor(color) {
      if (HEX_COLOR.test(color)) colorSheet.replaceSync(`.root{--color:var(--wren-launcher-color,${color})}`);
      else color = DEFAULT_COLOR;
      // The icon and label take dark or white text by contrast, as every surface on the brand colour does.
      root.classList.toggle('light-color', isLightColor(color));
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
  launcher.toggleClass('flat', settings.widgetStyle === 'flat');
  launcher.toggleClass('expanded', settings.type === 'expanded_bubble');
  launcher.toggleClass('hidden-bubble', settings.hideMessageBubble);
  launcher.setLabel(settings.launcherTitle);
  launcher.setColor(settings.widgetColor || '');
  return launcher;
}
