import type { Endpoint } from '../api/endpoints';

/** Sends an endpoint and resolves with its answer: what every model is given instead of the client. */
export type Request = <T>(endpoint: Endpoint<T>) => Promise<T>;
