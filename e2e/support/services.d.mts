export function freePort(): Promise<number>;

export interface Postgres {
  port: number;
  /** The server's version, e.g. `15.18`. */
  version: string;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication). */
  url(database?: string): string;
  stop(): void;
}

export interface Redis {
  port: number;
  version: string;
  url: string;
  stop(): Promise<void>;
}

export function startPostgres(): Promise<Postgres>;
export function startRedis(options?: { port?: number }): Promise<Redis>;
