import type { HostSettings } from '../../../src/shared/hostApi';

/** What `loadWren` takes: where Wren runs, the inbox, and the widget's settings (docs/apps.md#any-framework). */
export interface WrenOptions extends HostSettings {
  /** Where Wren runs, e.g. `https://chat.example.com`: `sdk.js` and the chat come from there. */
  baseUrl: string;
  /** The inbox's website token. */
  websiteToken: string;
}

/** Throws, with what to do, for options no widget can start from. */
export function checkOptions(options: WrenOptions): void {
  if (!options || typeof options !== 'object') throw TypeError('Wren: loadWren needs options: { baseUrl, websiteToken, …settings }');
  if (typeof options.baseUrl !== 'string' || !options.baseUrl)
    throw TypeError('Wren: loadWren needs baseUrl, where Wren runs (e.g. "https://chat.example.com")');
  if (typeof options.websiteToken !== 'string' || !options.websiteToken)
    throw TypeError("Wren: loadWren needs websiteToken, the inbox's website token");
}

/** `baseUrl` as the loader names it: absolute, without a trailing slash. */
export const widgetOrigin = (baseUrl: string): string => new URL(baseUrl, location.href).href.replace(/\/$/, '');

/**
 * Which widget the options mean: an inbox of a server, in a language. Two `loadWren` calls for
 * one widget must agree on the rest; another inbox or another language is another widget.
 */
export const widgetIdentity = (options: WrenOptions): string =>
  JSON.stringify([widgetOrigin(options.baseUrl), options.websiteToken, options.locale ?? null]);

/** The options as one comparable string: the same options, written in any order, give the same. */
export const optionsKey = (options: WrenOptions): string =>
  JSON.stringify(
    Object.keys(options)
      .filter((key) => options[key as keyof WrenOptions] !== undefined)
      .sort()
      .map((key) => [key, key === 'baseUrl' ? widgetOrigin(options.baseUrl) : options[key as keyof WrenOptions]]),
  );

/** The options that differ, as `key: new (before: old)`, for the error that refuses them. */
export function describeDifference(before: WrenOptions, now: WrenOptions): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])] as (keyof WrenOptions)[];
  return keys
    .filter((key) => key !== 'baseUrl' && JSON.stringify(before[key]) !== JSON.stringify(now[key]))
    .map((key) => `${key}: ${JSON.stringify(now[key])} (before: ${JSON.stringify(before[key])})`)
    .join(', ');
}
