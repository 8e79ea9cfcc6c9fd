import { WIDGET_CONFIG_ELEMENT_ID, type WidgetBootConfig } from '../../shared/types';

declare global {
  interface Window {
    chatwootWebChannel?: WidgetBootConfig['chatwootWebChannel'];
    chatwootPubsubToken?: string;
    authToken?: string;
    globalConfig?: WidgetBootConfig['globalConfig'];
  }
}

/**
 * Reads the configuration `/widget` rendered as a JSON data block. The page carries no inline
 * script (its CSP is `script-src 'self'`), so the Chatwoot page globals are defined here, for
 * code and tools that look for them; the first paint's data (`initialData`) is not one of them.
 */
export function readBootConfig(doc: Document = document): WidgetBootConfig {
  const element = doc.getElementById(WIDGET_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`The page has no #${WIDGET_CONFIG_ELEMENT_ID} configuration block`);
  const config = JSON.parse(element.textContent) as WidgetBootConfig;
  const { initialData: _data, ...globals } = config;
  Object.assign(window, globals);
  return config;
}
