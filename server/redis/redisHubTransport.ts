/**
 * The realtime hub's broker in the scaled mode: a stream is the Redis channel
 * `<prefix>cable:<stream>`, joined on the process's subscribing connection while a socket of
 * this process listens to it. Redis delivers each publication once per subscribed process.
 */
import type { HubTransport } from '../realtime/hub';
import type { RedisConnection } from './redisConnection';

export function redisHubTransport(redis: Pick<RedisConnection, 'channels' | 'prefix'>): HubTransport {
  const channel = (stream: string) => `${redis.prefix}cable:${stream}`;
  return {
    publish: (stream, json) => redis.channels.publish(channel(stream), json),
    join: (stream, receive) => redis.channels.subscribe(channel(stream), receive),
    leave: (stream) => redis.channels.unsubscribe(channel(stream)),
  };
}
