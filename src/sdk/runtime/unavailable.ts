import { CLOSE_PATH } from './launcherIcon';
import type { HostStrings } from './hostStrings';

export interface UnavailableNotice {
  /** Puts the notice in the chat window, in these words. */
  show(strings: HostStrings): void;
  /** Takes it out (a new attempt to load the chat starts). */
  hide(): void;
  /** Rewords it, for a change of language while it shows. */
  say(strings: HostStrings): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string) =>
  Object.assign(document.createElement(tag), { className });

/**
 * What the chat window shows when the chat cannot load (docs/behaviour.md#chat-unavailable): a
 * short notice instead of a spinner that vanishes, announced to screen readers as it appears,
 * with its own close button (on a phone, and for a site that hides the launcher, it is the only
 * one). Escape closes it too. The next open tries to load the chat again.
 */
export function createUnavailableNotice(slot: HTMLElement, close: () => void): UnavailableNotice {
  const notice = element('div', 'notice');
  notice.setAttribute('role', 'alert');
  const heading = element('p', 'notice__heading');
  const detail = element('p', '');
  const button = element('button', 'notice__close');
  button.type = 'button';
  // The launcher's cross, in the launcher's 240 × 240 box; built node by node, as a page that
  // enforces Trusted Types refuses markup strings.
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 240 240');
  svg.setAttribute('aria-hidden', 'true');
  const path = svg.appendChild(document.createElementNS(SVG_NS, 'path'));
  path.setAttribute('d', CLOSE_PATH);
  button.append(svg);
  button.onclick = close;
  notice.onkeydown = (event) => event.key === 'Escape' && close();
  notice.append(heading, detail, button);

  const say = (strings: HostStrings) => {
    heading.textContent = strings.unavailable;
    detail.textContent = strings.unavailableDetail;
    button.setAttribute('aria-label', (button.title = strings.close));
  };
  return {
    show(strings) {
      say(strings);
      slot.append(notice);
    },
    hide: () => notice.remove(),
    say,
  };
}
