import { HELP_CENTRE_ROUTES, WIDGET_API_ROUTES } from '../../../server/contract/widgetApiRoutes';
import { createFixture, type Fixture } from '../helpers';

/** `METHOD path` of each route the app registers under `prefix`, middlewares left out. */
function registered(fixture: Fixture, prefix: string): string[] {
  const routes = fixture.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith(prefix)).map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)];
}

describe('the list of widget API routes (server/contract/widgetApiRoutes.ts)', () => {
  let fixture: Fixture;
  afterEach(() => fixture?.close());

  it('is exactly what the reference server answers, so the gateway and the OpenAPI document name every route', async () => {
    fixture = await createFixture();
    expect(registered(fixture, '/api/v1/widget/').sort()).toEqual(WIDGET_API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    expect(registered(fixture, '/hc/').sort()).toEqual(HELP_CENTRE_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });
});
