/**
 * Every route of the widget API (docs/protocol.md#widget-api) and of the help centre the widget
 * reads, as Hono patterns: the one list both servers answer. The reference server's routers must
 * register exactly these (tests/server/contract/widgetApiRoutes.test.ts), gateway mode forwards
 * them one by one so its logs and metrics name each route, and the OpenAPI document describes
 * them (docs/openapi/widget-api.yaml).
 */

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface WidgetApiRoute {
  method: RouteMethod;
  /** A Hono pattern from the server root, e.g. `/api/v1/widget/messages/:id`. */
  path: string;
}

const widget = (method: RouteMethod, path: string): WidgetApiRoute => ({ method, path: `/api/v1/widget${path}` });

/** `/api/v1/widget/*`, in the order the reference server registers them. */
export const WIDGET_API_ROUTES: readonly WidgetApiRoute[] = [
  widget('GET', '/conversations'),
  widget('POST', '/conversations'),
  widget('POST', '/conversations/update_last_seen'),
  widget('POST', '/conversations/toggle_typing'),
  widget('GET', '/conversations/toggle_status'),
  widget('POST', '/conversations/set_custom_attributes'),
  widget('POST', '/conversations/destroy_custom_attributes'),
  widget('POST', '/labels'),
  widget('DELETE', '/labels/:label'),
  widget('GET', '/messages'),
  widget('POST', '/messages'),
  widget('PATCH', '/messages/:id'),
  widget('PUT', '/messages/:id'),
  widget('POST', '/conversations/transcript'),
  widget('GET', '/contact'),
  widget('PATCH', '/contact'),
  widget('PATCH', '/contact/set_user'),
  widget('POST', '/contact/destroy_custom_attributes'),
  widget('GET', '/inbox_members'),
  widget('GET', '/campaigns'),
  widget('POST', '/events'),
  widget('POST', '/integrations/dyte/add_participant_to_meeting'),
  widget('POST', '/config'),
];

/** The help centre's public routes (docs/protocol.md#help-centre). */
export const HELP_CENTRE_ROUTES: readonly WidgetApiRoute[] = [
  { method: 'GET', path: '/hc/:portal/:locale/articles.json' },
  { method: 'GET', path: '/hc/:portal/articles/:article' },
  { method: 'GET', path: '/hc/:portal/:locale' },
  { method: 'GET', path: '/hc/:portal' },
];
