import { ApiError } from '../../../src/widget/api/client';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { HostBridge } from '../../../src/widget/host/bridge';
import type { HostCall } from '../../../src/widget/state/request';
import { createSessionModel } from '../../../src/widget/state/session';

/** A session on fakes; `answer` is what `PATCH /contact/set_user` answers (or throws). */
function setup(answer: () => unknown = () => ({ id: 9 }), { inNativeApp = false } = {}) {
  const endpoints: Endpoint[] = [];
  // As the widget's: a failure is reported under the call's error type and resolves undefined.
  const report = vi.fn();
  const hostCall = (async (endpoint: Endpoint, errorType: string) => {
    endpoints.push(endpoint);
    try {
      return answer();
    } catch (error) {
      report(errorType, error);
      return undefined;
    }
  }) as HostCall;
  const bridge = { inIframe: true, inNativeApp, send: vi.fn(), sendNative: vi.fn(), listen: vi.fn() };
  const onSwitch = vi.fn(async () => undefined);
  const session = createSessionModel({
    hostCall,
    bridge: bridge as unknown as HostBridge,
    authToken: 'jwt-1',
    pubsubToken: 'pubsub-1',
    onSwitch,
  });
  return { session, endpoints, bridge, report, onSwitch };
}

describe('the session', () => {
  it('starts with the tokens /widget rendered, as an anonymous, connected visitor', () => {
    const { session } = setup();
    expect(session.authToken.value).toBe('jwt-1');
    expect(session.pubsubToken.value).toBe('pubsub-1');
    expect(session.identifier.value).toBeUndefined();
    expect(session.connectionLost.value).toBe(false);
  });

  it('identify() sends the identity with the profile extras folded into additional_attributes', async () => {
    const { session, endpoints } = setup();
    await session.identify(42, { email: 'ana@example.com', name: 'Ana', company_name: 'Acme', custom_attributes: { plan: 'pro' } });
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/widget/contact/set_user' });
    expect(endpoints[0].body).toMatchObject({
      identifier: '42',
      email: 'ana@example.com',
      name: 'Ana',
      custom_attributes: { plan: 'pro' },
      additional_attributes: { company_name: 'Acme' },
    });
    expect(session.identifier.value).toBe('42');
  });

  it('the same visitor, merely described: no new tokens, no reload', async () => {
    const { session, bridge, onSwitch } = setup();
    await session.identify('ana', { name: 'Ana' });
    expect(session.authToken.value).toBe('jwt-1');
    expect(bridge.send).not.toHaveBeenCalled();
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('another visitor: takes their tokens, hands the auth token to the host cookie and the app, and reloads', async () => {
    const { session, bridge, onSwitch } = setup(() => ({ id: 9, widget_auth_token: 'jwt-new', pubsub_token: 'pubsub-new' }), {
      inNativeApp: true,
    });
    await session.identify('ana', { name: 'Ana' });
    expect(session.authToken.value).toBe('jwt-new');
    expect(session.pubsubToken.value).toBe('pubsub-new');
    expect(bridge.send).toHaveBeenCalledWith('setAuthCookie', { data: { widgetAuthToken: 'jwt-new' } });
    expect(bridge.sendNative).toHaveBeenCalledWith({ type: 'auth-token', value: 'jwt-new' });
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });

  it('a verified identity (identifier_hash) reloads even without a new token', async () => {
    const { session, onSwitch } = setup();
    await session.identify('ana', { identifier_hash: 'abc' });
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });

  it('a refused identity is reported as SET_USER_ERROR and changes nothing', async () => {
    const error = new ApiError('bad_request', 401, { error: 'HMAC failed' });
    const { session, report, onSwitch } = setup(() => {
      throw error;
    });
    await session.identify('ana', { identifier_hash: 'wrong' });
    expect(report).toHaveBeenCalledWith('SET_USER_ERROR', error);
    expect(session.authToken.value).toBe('jwt-1');
    expect(session.identifier.value).toBeUndefined();
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('follows a merged contact to its new pubsub token, and the connection as it drops and returns', () => {
    const { session } = setup();
    session.setPubsubToken('pubsub-merged');
    session.setConnectionLost(true);
    expect(session.pubsubToken.value).toBe('pubsub-merged');
    expect(session.connectionLost.value).toBe(true);
    session.setConnectionLost(false);
    expect(session.connectionLost.value).toBe(false);
  });
});
