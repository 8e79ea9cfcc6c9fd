export function keepAgentAtWork(origin: string, apiAccessToken: string): { signOfLife(): Promise<Response>; stop(): void };
