/**
 * Holds answers of the widget API to its OpenAPI document (docs/openapi/widget-api.yaml) with
 * maintained OpenAPI validators: @seriousme/openapi-schema-validator checks the document against
 * OpenAPI 3.1's own schema, openapi-backend matches an answer to its operation and validates it
 * (its own check of the document knows OpenAPI 3.0 only, so it starts `quick`, without one). A key the document
 * does not name, a value of another type, or an operation it does not have is a breach. Used by
 * the reference server's tests, the gateway's, and the gateway's end-to-end spec.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { parse } from 'yaml';

const DOCUMENT = join(import.meta.dirname, '../../../docs/openapi/widget-api.yaml');

let loaded: Promise<OpenAPIBackend> | undefined;

/** Why the document is not a valid OpenAPI 3.1 document: nothing when it is. */
export async function documentErrors(): Promise<unknown[]> {
  const result = await new Validator().validate(parse(readFileSync(DOCUMENT, 'utf8')));
  return result.valid ? [] : [result.errors].flat();
}

/** The document, ready to validate answers. */
function contract(): Promise<OpenAPIBackend> {
  loaded ??= (async () => {
    const api = new OpenAPIBackend({
      definition: parse(readFileSync(DOCUMENT, 'utf8')),
      strict: true,
      quick: true,
      // Formats (`uri`, `date-time`) are checked, not skipped.
      customizeAjv: (ajv) => addFormats(ajv),
    });
    await api.init();
    return api;
  })();
  return loaded;
}

export interface Exchange {
  method: string;
  /** The address asked, query included. */
  url: string;
  status: number;
  /** The answer's body as text ('' for none). */
  body: string;
}

/** How `exchange` leaves the document: nothing when it does not. */
export async function contractBreaches(exchange: Exchange): Promise<string[]> {
  const api = await contract();
  const url = new URL(exchange.url, 'http://wren.test');
  const operation = api.matchOperation({
    method: exchange.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {},
  });
  const where = `${exchange.method} ${url.pathname} → ${exchange.status}`;
  if (!operation) return [`${where}: the document has no such operation`];
  const declared = operation.responses?.[String(exchange.status)] ?? operation.responses?.default;
  const expectsBody = Boolean(declared && 'content' in declared && declared.content);
  if (!expectsBody) return exchange.body === '' ? [] : [`${where}: the document declares no body, and one came`];
  let body: unknown;
  try {
    body = JSON.parse(exchange.body);
  } catch {
    return [`${where}: the body is not JSON`];
  }
  const result = api.validateResponse(body, operation, exchange.status);
  return result.valid
    ? []
    : (result.errors ?? []).map((error) => `${where}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
}

/** The document's operations as `METHOD /path/{param}` and the addresses each answers. */
const OPERATIONS: [string, RegExp][] = Object.entries(
  (parse(readFileSync(DOCUMENT, 'utf8')) as { paths: Record<string, Record<string, unknown>> }).paths,
).flatMap(([path, item]) =>
  Object.keys(item).map((method): [string, RegExp] => [
    `${method.toUpperCase()} ${path}`,
    new RegExp(`^${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  ]),
);

/** The document's operation (`METHOD /path/{param}`) a request is, if any; the query does not count. */
export const operationAt = (method: string, url: string): string | undefined =>
  OPERATIONS.find(([, address]) => address.test(`${method} ${url.split('?')[0]}`))?.[0];
