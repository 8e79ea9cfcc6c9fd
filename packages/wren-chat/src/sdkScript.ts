import type { HostApi, HostSettings } from '../../../src/shared/hostApi';

/** A widget as `sdk.js` starts it: the host API and its state. */
export interface LoadedWidget extends HostApi {
  readonly isOpen: boolean;
  readonly hasLoaded: boolean;
  readonly isTeamAvailable?: boolean;
}

/** `window.chatwootSDK`, as `sdk.js` defines it. */
export interface ChatwootSdk {
  run(options: { websiteToken: string; baseUrl: string; settings?: HostSettings }): LoadedWidget | undefined;
}

/** sdk.js of each server asked for, loading or loaded: one `<script>` per page and server. */
const scripts = new Map<string, Promise<ChatwootSdk>>();

/**
 * The server's loader, `<baseUrl>/packs/js/sdk.js`, as the snippet inserts it: the page's own
 * if a snippet brought it already. Rejects, saying why, when it cannot load (blocked, offline, or
 * this page's Content-Security-Policy leaves out the server's origin).
 */
export function loadSdk(baseUrl: string): Promise<ChatwootSdk> {
  const present = (window as { chatwootSDK?: ChatwootSdk }).chatwootSDK;
  if (present) return Promise.resolve(present);
  let loading = scripts.get(baseUrl);
  if (!loading) {
    loading = new Promise<ChatwootSdk>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${baseUrl}/packs/js/sdk.js`;
      script.async = true;
      script.onload = () => {
        const sdk = (window as { chatwootSDK?: ChatwootSdk }).chatwootSDK;
        sdk ? resolve(sdk) : reject(Error(`Wren: ${script.src} defined no chatwootSDK`));
      };
      script.onerror = () => {
        scripts.delete(baseUrl);
        script.remove();
        reject(Error(`Wren: ${script.src} did not load (blocked, offline, or left out of this page's script-src)`));
      };
      document.head.append(script);
    });
    scripts.set(baseUrl, loading);
  }
  return loading;
}

/**
 * Runs `task` once the page has loaded and the browser is idle (2 s at the latest), as the
 * recommended snippet inserts sdk.js: what the page measures of itself stays its own.
 */
export function whenPageIdle(task: () => void): void {
  // Safari has no requestIdleCallback: a short delay stands in.
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
