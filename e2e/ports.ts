/** Fixed addresses of the e2e run: the widget server and the host page are different origins. */
export const E2E = {
  widgetPort: 4310,
  hostPort: 4311,
  widgetOrigin: 'http://localhost:4310',
  hostOrigin: 'http://127.0.0.1:4311',
  websiteToken: 'e2e-website-token',
  apiAccessToken: 'e2e-api-access-token',
} as const;
