import { CHAT_PATH, type Launcher } from '../launcher';

/** A cross in the 240 × 240 box of the launcher's icon (see `CHAT_PATH`). */
export const CLOSE_PATH = 'M45 30l75 75 75-75 15 15-75 75 75 75-15 15-75-75-75 75-15-15 75-75-75-75z';

/**
 * The launcher's icon and tooltip for the window's state: a cross and "Close chat window" while it
 * is open, "Open chat window" while it is closed. Here rather than in sdk.js, which every page view
 * pays for: the cross only means something once the window it closes can show, and a tooltip only
 * shows on a hover, both of which take the runtime anyway.
 */
export function showLauncherState(launcher: Pick<Launcher, 'icon' | 'bubble' | 'names'>, open: boolean): void {
  launcher.icon.setAttribute('d', open ? CLOSE_PATH : CHAT_PATH);
  launcher.bubble.title = open ? launcher.names.close : launcher.names.open;
}
