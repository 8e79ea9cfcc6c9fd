export declare function compactScriptModule(text: string, write: (text: string, restore?: string) => string): string;
