export function serverEnv(options: {
  port: number;
  dataDir: string;
  distDir: string;
  websiteToken: string;
  apiAccessToken: string;
}): Record<string, string>;
