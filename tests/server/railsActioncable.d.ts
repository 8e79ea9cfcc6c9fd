/** The part of `@rails/actioncable` 6.1 (which ships no types) that `actionCableClient.test.ts` uses. */
declare module '@rails/actioncable' {
  export interface Subscription {
    unsubscribe(): void;
  }
  export interface Consumer {
    subscriptions: {
      create(
        params: object,
        mixin: { connected?(): void; disconnected?(): void; rejected?(): void; received?(data: unknown): void },
      ): Subscription;
    };
    disconnect(): void;
  }
  export const adapters: { WebSocket: unknown; logger: unknown };
  export function createConsumer(url: string): Consumer;
}
