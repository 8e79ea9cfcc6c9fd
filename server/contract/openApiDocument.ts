/**
 * The widget API's OpenAPI 3.1 document (docs/openapi/widget-api.yaml), made from the schemas
 * the code validates with: `widgetApiOperations.ts` and `widgetApiShapes.ts`, converted by
 * @valibot/to-json-schema. `scripts/openApi.mjs` writes it; a test fails while the committed file
 * differs. Every answer object names all its keys (`additionalProperties: false`), so a client
 * validating against it hears of a key it does not expect; what Wren adds to Chatwoot's shapes is
 * marked `x-wren`.
 */
import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { stringify } from 'yaml';
import { type Operation, WIDGET_API_OPERATIONS } from './widgetApiOperations';
import * as shapes from './widgetApiShapes';

/** The answers named in `components.schemas`, the names clients generate types from. */
const COMPONENTS = {
  Attachment: shapes.Attachment,
  ContentAttributes: shapes.ContentAttributes,
  AgentSender: shapes.AgentSender,
  ContactSender: shapes.ContactSender,
  Sender: shapes.Sender,
  Message: shapes.Message,
  MessagesPage: shapes.MessagesPage,
  CreatedMessage: shapes.CreatedMessage,
  ConversationSummary: shapes.ConversationSummary,
  CreatedConversation: shapes.CreatedConversation,
  ConversationRecord: shapes.ConversationRecord,
  ContactRecord: shapes.ContactRecord,
  WidgetContact: shapes.WidgetContact,
  InboxMember: shapes.InboxMember,
  Campaign: shapes.Campaign,
  WidgetConfig: shapes.WidgetConfig,
  Error: shapes.ErrorAnswer,
  ValidationErrors: shapes.ValidationErrors,
} satisfies Record<string, v.GenericSchema>;

const REF_PREFIX = '#/components/schemas/';

/**
 * The conversion: JSON Schema 2020-12 (OpenAPI 3.1's dialect), references into
 * `components.schemas`, an attribute map (the routes' custom check) as an object, and, for
 * answers, no key an object does not name.
 */
function conversion(closedObjects: boolean): ConversionConfig {
  return {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    typeMode: closedObjects ? 'output' : 'input',
    definitions: COMPONENTS,
    overrideRef: ({ referenceId }) => `${REF_PREFIX}${referenceId}`,
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      if (valibotSchema.type === 'custom') return { type: 'object' };
      if (closedObjects && valibotSchema.type === 'object') return { ...jsonSchema, additionalProperties: false };
      return undefined;
    },
  };
}

/** `schema` as an OpenAPI schema object: the dialect and definitions live at the document's root. */
function schemaObject(schema: v.GenericSchema, closedObjects: boolean): JsonSchema {
  const { $schema: _dialect, $defs: _defs, ...rest } = toJsonSchema(schema, conversion(closedObjects)) as JsonSchema & { $defs?: unknown };
  return rest;
}

/** `/messages/:id` → `/messages/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const WEBSITE_TOKEN = {
  name: 'website_token',
  in: 'query',
  required: true,
  description: "The inbox's website token (unknown: 404; a suspended account: 401)",
  schema: { type: 'string' },
};
const LOCALE = { name: 'locale', in: 'query', required: false, description: "The widget's language", schema: { type: 'string' } };

function parameters(operation: Operation) {
  const inPath = [...operation.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = (operation.query ?? []).map(({ name, description }) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: { type: 'integer', minimum: 0 },
  }));
  return [WEBSITE_TOKEN, LOCALE, ...inPath, ...query];
}

function requestBody(operation: Operation) {
  if (!operation.body && !operation.multipart) return undefined;
  const content: Record<string, { schema: JsonSchema }> = {};
  if (operation.body) content['application/json'] = { schema: schemaObject(operation.body, false) };
  if (operation.multipart) content['multipart/form-data'] = { schema: schemaObject(operation.multipart, false) };
  return { required: false, content };
}

function responses(operation: Operation) {
  const answers: Record<string, unknown> = {};
  for (const [status, { description, body }] of Object.entries(operation.answers)) {
    answers[status] = body ? { description, content: { 'application/json': { schema: schemaObject(body, true) } } } : { description };
  }
  answers.default = {
    description: "An error: `{ error }`, or a model's validation errors `{ message, attributes }` (422)",
    content: { 'application/json': { schema: { anyOf: [{ $ref: `${REF_PREFIX}Error` }, { $ref: `${REF_PREFIX}ValidationErrors` }] } } },
  };
  return answers;
}

/**
 * The method and the path's segments, parameters by their names: `DELETE /labels/:label` →
 * `deleteLabelsLabel`. Only letters, digits and `_`, so the id is safe in a URL.
 */
function operationId(operation: Operation): string {
  const segments = operation.path.replace('/api/v1/widget', '').split('/').filter(Boolean);
  const words = segments.map((segment) => segment.replace(/^:/, '')).map((word) => word[0].toUpperCase() + word.slice(1));
  return `${operation.method.toLowerCase()}${words.join('')}`;
}

function operationObject(operation: Operation) {
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    ...(operation.wren && { 'x-wren': operation.wren }),
    security: operation.caller === 'visitor' ? [{ visitorToken: [] }] : operation.caller === 'anyone' ? [] : [{}, { visitorToken: [] }],
    parameters: parameters(operation),
    ...(requestBody(operation) && { requestBody: requestBody(operation) }),
    responses: responses(operation),
  };
}

/** The document, as an object (YAML is `scripts/openApi.mjs`'s business). */
export function widgetApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of WIDGET_API_OPERATIONS) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  const { definitions: _inComponents, ...withoutDefinitions } = conversion(true);
  const components = toJsonSchemaDefs(COMPONENTS, withoutDefinitions);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wren widget API',
      version: '1',
      summary: "Chatwoot's website widget API (`/api/v1/widget/*`), as Chatwoot 4.x and Wren serve it",
      description: [
        'What the website widget asks its server, written down: Chatwoot publishes no description of it.',
        'Wren serves it (the reference server), and forwards it to Chatwoot (gateway mode).',
        'Shapes are as Chatwoot 4.x sends them; what Wren adds is marked `x-wren`.',
        'Every object answered lists all its keys: a client validating against this document hears of any other.',
        'Generated from the schemas the server validates with (server/contract/); do not edit by hand: `npm run openapi`.',
        'Rules beyond shapes (identity, limits, the lazy visitor): docs/protocol.md#widget-api.',
      ].join('\n'),
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/', description: "The widget's server: Wren, or Chatwoot itself" }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(components).map(([name, schema]) => {
          const { $schema: _dialect, ...rest } = schema as JsonSchema;
          return [name, rest];
        }),
      ),
      securitySchemes: {
        visitorToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Auth-Token',
          description: "The visitor's token (`authToken` of the /widget page, `cw_conversation` in the host page). Missing or invalid: 404",
        },
      },
    },
  };
}

/** Where the document is committed. */
export const WIDGET_API_DOCUMENT_PATH = 'docs/openapi/widget-api.yaml';

/** The document as committed: YAML under a line that says where it comes from. */
export function widgetApiYaml(): string {
  const header = '# Generated by `npm run openapi` from server/contract/ (the schemas the server validates with): do not edit.\n';
  return header + stringify(widgetApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false });
}
