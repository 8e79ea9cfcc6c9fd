export const COMMITTED_CONFIG: string;

export interface Nginx {
  dir: string;
  httpPort: number;
  httpsPort: number;
  /** `https://localhost:<httpsPort>`. */
  origin: string;
  /** The throwaway certificate (PEM), to trust it. */
  ca: string;
  start(upstreamPorts: number[]): Promise<void>;
  errorLog(): string;
  stop(): Promise<void>;
}

export function prepareNginx(): Promise<Nginx>;
