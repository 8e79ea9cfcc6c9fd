// @vitest-environment happy-dom
import { createSession } from '../../../src/sdk/runtime/session';
import { clearCookies } from './harness';

const conversation = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('cw_conversation='))
    ?.slice(16) || undefined;

afterEach(clearCookies);

describe('the conversation cookie of a session', () => {
  it('waits for engagement before storing the token', () => {
    const session = createSession(undefined);
    session.setToken('jwt-1');
    expect(conversation()).toBeUndefined();
    session.engage();
    expect(conversation()).toBe('jwt-1');
  });

  it('stores a token that arrives after engagement', () => {
    const session = createSession(undefined);
    session.engage();
    expect(conversation()).toBeUndefined();
    session.setToken('jwt-2');
    expect(conversation()).toBe('jwt-2');
  });

  it('counts a returning visitor and loadEagerly as engaged', () => {
    document.cookie = 'cw_conversation=jwt-old; path=/';
    createSession(undefined).setToken('jwt-3');
    expect(conversation()).toBe('jwt-3');
    clearCookies();
    createSession(undefined, true).setToken('jwt-4');
    expect(conversation()).toBe('jwt-4');
  });

  it('forgets the token and waits for engagement again after reset', () => {
    const session = createSession(undefined);
    session.engage();
    session.reset();
    clearCookies();
    session.setToken('jwt-5');
    expect(conversation()).toBeUndefined();
    session.engage();
    expect(conversation()).toBe('jwt-5');
  });
});
