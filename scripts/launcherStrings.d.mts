export declare const LAUNCHER_KEYS: Record<string, string>;
export declare const NOTICE_KEYS: Record<string, string>;
export declare const LAUNCHER_QUERY: string;
export declare const LAUNCHER_DIR: string;
export declare function launcherStrings(strings: Record<string, string>): Record<string, string>;
export declare function noticeWords(strings: Record<string, string>): Record<string, string>;
export declare function writeLauncherStrings(localesDir: string, packsDir: string, locales: readonly string[]): Promise<string>;
export declare function writeNoticeWords(localesDir: string, packsDir: string, locales: readonly string[]): Promise<string>;
export declare function launcherStringsPlugin(): { name: string; setup(build: unknown): void };
