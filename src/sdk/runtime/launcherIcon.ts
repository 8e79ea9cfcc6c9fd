import { CHAT_PATH, type Launcher } from '../launcher';

/** A cross in the 240 × 240 box of the launcher's icon (see `CHAT_PATH`). */
export const CLOSE_PATH = 'M45 30l75 75 75-75 15 15-75 75 75 75-15 15-75-75-75 75-15-15 75-75-75-75z';

/**
 * The launcher's icon for the window's state: a cross while it is open. Here rather than in
 * sdk.js, which every page view pays for: the cross only means something once the window it
 * closes can show, which takes the runtime anyway.
 */
export function showLauncherIcon(launcher: Pick<Launcher, 'icon'>, open: boolean): void {
  launcher.icon.setAttribute('d', open ? CLOSE_PATH : CHAT_PATH);
}
