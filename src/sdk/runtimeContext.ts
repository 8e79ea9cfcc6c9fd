import type { Chatwoot, HostCall } from './chatwoot';
import type { createLauncher } from './launcher';
import type { HostSettings, LoaderSettings } from './settings';

/**
 * What `sdk.js` hands the runtime once its hashed file has loaded, and the shape of that file.
 * A module of its own so that `sdk.js` and the runtime both depend on it instead of on each other.
 */
export interface RuntimeContext {
  chatwoot: Chatwoot;
  launcher: ReturnType<typeof createLauncher>;
  settings: LoaderSettings;
  raw: HostSettings;
  /** The one queue: host calls until the runtime attaches, then messages for a frame still loading. */
  queue: HostCall[];
}

/** The runtime file's exports, as `sdk.js` sees them after the dynamic import. */
export interface RuntimeModule {
  installRuntime(context: RuntimeContext): void;
}
