import type { Endpoint } from '../api/endpoints';

/** Performs one endpoint; `api/client.ts` provides it, tests pass a fake. */
export type Request = <T>(endpoint: Endpoint<T>) => Promise<T>;
