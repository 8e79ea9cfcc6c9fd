/**
 * Applies the visitor write limits of `limits/rateLimits.ts` to widget routes; 429 with
 * `Retry-After` when one is exceeded.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { clientAddress } from '../../limits/clientAddress';
import type { RateLimitName } from '../../limits/rateLimits';
import { visitorKey } from './auth';

/** Counts the request against the client address's limit `perAddress`. */
export async function limitAddress(deps: AppDeps, c: Context, perAddress: RateLimitName): Promise<void> {
  await deps.limits.consume(perAddress, clientAddress(c, deps.config.trustProxy));
}

/**
 * Counts the request once for the visitor (`perVisitor`) and once for their client address
 * (`perAddress`). Goes after `visitorAuth`.
 */
export function limitVisitorWrite(deps: AppDeps, perVisitor: RateLimitName, perAddress: RateLimitName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await deps.limits.consume(perVisitor, visitorKey(c));
    await limitAddress(deps, c, perAddress);
    await next();
  };
}
