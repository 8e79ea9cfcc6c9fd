/**
 * Pub/sub over the process's one subscribing connection: each channel has one handler here,
 * and whoever needs several listeners per channel (the realtime hub) counts them itself.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../observability/logger';

export class RedisChannels {
  private readonly handlers = new Map<string, (message: string) => void>();
  private readonly reconnectHandlers = new Set<() => void>();

  constructor(
    private readonly subscriber: Redis,
    private readonly publisher: Redis,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => this.handlers.get(channel)?.(message));
    let lost = false;
    subscriber.on('close', () => {
      lost = true;
    });
    // Whatever was published while the connection was down never reached this process: every
    // channel is joined again (ioredis rejoins only those it had joined; one asked for during
    // the outage failed) and the listeners catch up.
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      if (this.handlers.size > 0) this.subscriber.subscribe(...this.handlers.keys()).catch(() => {});
      for (const handler of this.reconnectHandlers) handler();
    });
  }

  /**
   * Routes `channel`'s messages to `handler`; resolves once Redis has confirmed the
   * subscription, rejects when it cannot (the channel is joined once Redis is back).
   */
  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.handlers.set(channel, handler);
    await this.subscriber.subscribe(channel);
  }

  /** Stops receiving `channel`. */
  unsubscribe(channel: string): void {
    this.handlers.delete(channel);
    this.subscriber.unsubscribe(channel).catch(() => {});
  }

  /**
   * Sends `message` to every process subscribed to `channel` (this one included). While Redis
   * is down it reaches nobody else; the lost connection is logged once, not every publication.
   */
  publish(channel: string, message: string): void {
    this.publisher
      .publish(channel, message)
      .catch((error: Error) => this.logger.debug({ err: error.message, channel }, 'redis publish failed'));
  }

  /** Calls `handler` each time the subscribing connection is back after a loss. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }
}
