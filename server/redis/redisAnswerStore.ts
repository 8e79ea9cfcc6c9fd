/**
 * Gateway mode's shared answers (`server/gateway/answerStore.ts`): one string key per answer,
 * `<prefix>gateway:<key>`, holding its JSON and expiring with it, so every gateway process of a
 * deployment asks Chatwoot once per inbox and period between them.
 */
import type { AnswerStore, StoredAnswer } from '../gateway/answerStore';
import type { RedisConnection } from './redisConnection';

export class RedisAnswerStore implements AnswerStore {
  constructor(private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>) {}

  private key(key: string): string {
    return `${this.redis.prefix}gateway:${key}`;
  }

  async get(key: string): Promise<StoredAnswer | undefined> {
    const stored = await this.redis.commands.get(this.key(key));
    if (stored === null) return undefined;
    const answer = JSON.parse(stored) as Partial<StoredAnswer>;
    // Anything else under the key (another version's, or another app's) is a miss.
    return typeof answer.contentType === 'string' && typeof answer.body === 'string'
      ? { contentType: answer.contentType, body: answer.body }
      : undefined;
  }

  async set(key: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    await this.redis.commands.set(this.key(key), JSON.stringify(answer), 'PX', ttlMs);
  }
}
