import type { RequestOptions } from '../api/client';
import type { Endpoint } from '../api/endpoints';

/** Performs one endpoint; `api/client.ts` provides it, tests pass a fake. */
export type Request = <T>(endpoint: Endpoint<T>, options?: RequestOptions) => Promise<T>;

/**
 * Performs an endpoint the host asked for (`$chatwoot.setUser`, `setLabel` …). It never rejects:
 * a failure reaches the host as an `error` event with `errorType` and the server's body
 * (docs/protocol.md#widget-to-host) and resolves `undefined`, instead of being thrown into the void.
 */
export type HostCall = <T>(
  endpoint: Endpoint<T>,
  errorType: string,
  /** An error this answers `true` for is the caller's to tell, not an `error` event. */
  handled?: (error: { status?: number }) => boolean,
) => Promise<T | undefined>;
