// @vitest-environment happy-dom
import { createSession } from '../../../src/sdk/runtime/session';
import { createConsent } from '../../../src/sdk/runtime/consent';
import { clearCookies } from './harness';

const TOKEN = 'web-tok';
const COOKIE = `cw_conversation_${TOKEN}=`;
const conversation = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(COOKIE))
    ?.slice(COOKIE.length) || undefined;

afterEach(clearCookies);

// Storage allowed, as without `consent: 'required'`: tests/sdk/runtime/consent.test.ts holds the gate.
const consent = createConsent(TOKEN, {});

describe('the conversation cookie of a session', () => {
  it('waits for engagement before storing the token', () => {
    const session = createSession(TOKEN, consent);
    session.setToken('jwt-1');
    expect(conversation()).toBeUndefined();
    session.engage();
    expect(conversation()).toBe('jwt-1');
  });

  it('stores a token that arrives after engagement', () => {
    const session = createSession(TOKEN, consent);
    session.engage();
    expect(conversation()).toBeUndefined();
    session.setToken('jwt-2');
    expect(conversation()).toBe('jwt-2');
  });

  it.each([
    ['its inbox’s cookie', `${COOKIE}jwt-old`],
    ['Chatwoot’s cookie for the site (before the inbox had its own)', 'cw_conversation=jwt-old'],
  ])('counts a returning visitor with %s as engaged, and stores the token under the inbox’s name', (_what, cookie) => {
    document.cookie = `${cookie}; path=/`;
    createSession(TOKEN, consent).setToken('jwt-3');
    expect(conversation()).toBe('jwt-3');
  });

  it('counts loadEagerly as engaged', () => {
    createSession(TOKEN, consent, true).setToken('jwt-4');
    expect(conversation()).toBe('jwt-4');
  });

  it('keeps the visitors of two inboxes apart', () => {
    createSession(TOKEN, consent, true).setToken('jwt-support');
    createSession('sales-tok', createConsent('sales-tok', {}), true).setToken('jwt-sales');
    expect(conversation()).toBe('jwt-support');
    expect(document.cookie).toContain('cw_conversation_sales-tok=jwt-sales');
  });

  it('forgets the token and waits for engagement again after reset', () => {
    const session = createSession(TOKEN, consent);
    session.engage();
    session.reset();
    clearCookies();
    session.setToken('jwt-5');
    expect(conversation()).toBeUndefined();
    session.engage();
    expect(conversation()).toBe('jwt-5');
  });
});
