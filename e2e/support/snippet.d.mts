export function embedSnippet(widgetOrigin: string, websiteToken: string, options?: { afterRunHook?: boolean }): string;
