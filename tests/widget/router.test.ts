// @vitest-environment happy-dom
import { createRouter, isCompactRoute, ROUTE_TABLE, type RoutePath } from '../../src/widget/router';
import { ROUTE_VIEWS } from '../../src/widget/routeViews';

function routerAt(hash: string) {
  window.location.hash = hash;
  return createRouter(window);
}

const ROUTES = Object.keys(ROUTE_TABLE) as RoutePath[];

describe('the route table', () => {
  it('has an entry for every route of the widget', () => {
    expect([...ROUTES].sort()).toEqual(['/', '/article', '/campaigns', '/messages', '/prechat-form', '/unread-messages']);
  });

  it('treats the unread-messages and campaign prompts, and only them, as compact', () => {
    const compact = ROUTES.filter(isCompactRoute);
    expect(compact.sort()).toEqual(['/campaigns', '/unread-messages']);
  });

  it('gives every route other than home a lazily loaded view, or a place to go until it has one', () => {
    for (const path of ROUTES) {
      if (path === '/') continue;
      expect(Boolean(ROUTE_VIEWS[path]) !== Boolean(ROUTE_TABLE[path].until)).toBe(true);
    }
  });
});

describe('the router', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('reads the route and its query from the address hash', () => {
    const router = routerAt('#/messages?focus=1');
    expect(router.path.value).toBe('/messages');
    expect(router.query.value.get('focus')).toBe('1');
  });

  it('goes home for an unknown route, including names every object has', () => {
    expect(routerAt('#/nowhere').path.value).toBe('/');
    expect(routerAt('#constructor').path.value).toBe('/');
  });

  it('navigates and writes the hash', () => {
    const router = routerAt('');
    router.navigate('/campaigns');
    expect(router.path.value).toBe('/campaigns');
    expect(window.location.hash).toBe('#/campaigns');
  });

  it('follows the hash when the visitor goes back', () => {
    const router = routerAt('#/messages');
    window.location.hash = '#/';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(router.path.value).toBe('/');
  });

  it('opens the pre-chat form at its own route, keeping the query (the campaign it stands before)', () => {
    const router = routerAt('');
    router.navigate('/prechat-form', { campaign: '7' });
    expect(router.path.value).toBe('/prechat-form');
    expect(router.query.value.get('campaign')).toBe('7');
    expect(window.location.hash).toBe('#/prechat-form?campaign=7');
    expect(routerAt('#/prechat-form').path.value).toBe('/prechat-form');
  });

  it('opens the article viewer with its link and title, without the branding footer, with a way back', () => {
    const router = routerAt('');
    router.navigate('/article', { link: '/hc/acme/articles/refunds?show_plain_layout=true', title: 'Refunds' });
    expect(router.path.value).toBe('/article');
    expect(router.query.value.get('link')).toBe('/hc/acme/articles/refunds?show_plain_layout=true');
    expect(router.query.value.get('title')).toBe('Refunds');
    expect(ROUTE_TABLE['/article']).toEqual({ back: true, noBranding: true });
  });
});
