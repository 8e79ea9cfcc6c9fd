import { readFileSync } from 'node:fs';
import { createConfig, lint } from '@redocly/openapi-core';
import { WIDGET_API_DOCUMENT_PATH, widgetApiYaml } from '../../../server/contract/openApiDocument';
import { WIDGET_API_OPERATIONS } from '../../../server/contract/widgetApiOperations';
import { WIDGET_API_ROUTES } from '../../../server/contract/widgetApiRoutes';
import { contractBreaches, documentErrors } from './widgetApiContract';

describe('the OpenAPI document (docs/openapi/widget-api.yaml)', () => {
  it('is what the schemas make: run `npm run openapi` after changing them', () => {
    expect(readFileSync(WIDGET_API_DOCUMENT_PATH, 'utf8')).toBe(widgetApiYaml());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(await documentErrors()).toEqual([]);
  });

  it("passes Redocly's linter with its recommended rules: no error, no warning", { timeout: 30_000 }, async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The project publishes no licence for the document to name.
        'info-license': 'off',
        // Every refusal, whatever its status, answers the one error shape of `default`.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lint({ ref: WIDGET_API_DOCUMENT_PATH, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it('describes every route of the widget API, once', () => {
    const described = WIDGET_API_OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect([...described].sort()).toEqual(WIDGET_API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('refuses an answer with a key it does not name, or a value of another type', async () => {
    const summary = { id: 7, inbox_id: 1, contact_last_seen_at: 0, status: 'open' };
    const exchange = (body: unknown) => ({
      method: 'GET',
      url: '/api/v1/widget/conversations?website_token=t',
      status: 200,
      body: JSON.stringify(body),
    });
    expect(await contractBreaches(exchange(summary))).toEqual([]);
    expect(await contractBreaches(exchange({}))).toEqual([]);
    expect(await contractBreaches(exchange({ ...summary, secret: 'x' }))).not.toEqual([]);
    expect(await contractBreaches(exchange({ ...summary, id: '7' }))).not.toEqual([]);
    expect(await contractBreaches({ ...exchange({}), url: '/api/v1/widget/nothing' })).toEqual([
      'GET /api/v1/widget/nothing → 200: the document has no such operation',
    ]);
  });
});
