import { createSession, TOKEN_KEY, type SessionEnv } from '../../src/agent/session';

function env(hash: string, stored?: string) {
  const storage = new Map<string, string>(stored ? [[TOKEN_KEY, stored]] : []);
  const replaced: string[] = [];
  const value: SessionEnv = {
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, v) => void storage.set(key, v),
      removeItem: (key) => void storage.delete(key),
    },
    location: { hash, pathname: '/agent', search: '' },
    history: { state: null, replaceState: (_state, _title, url) => void replaced.push(String(url)) },
  };
  return { value, storage, replaced };
}

describe('the agent session', () => {
  it("takes the banner link's #token= into storage and erases it from the address bar", () => {
    const { value, storage, replaced } = env('#token=tok%2Fen');
    const session = createSession(value);
    expect(session.token()).toBe('tok/en');
    expect(storage.get(TOKEN_KEY)).toBe('tok/en');
    expect(replaced).toEqual(['/agent']);
  });

  it('erases a malformed #token= too, and keeps what was stored', () => {
    const { value, replaced } = env('#token=%E0%A4%A', 'stored');
    expect(createSession(value).token()).toBe('stored');
    expect(replaced).toEqual(['/agent']);
  });

  it('leaves other fragments and an empty address alone', () => {
    const { value, replaced } = env('#conversation-3');
    expect(createSession(value).token()).toBeNull();
    expect(replaced).toEqual([]);
  });

  it('saves a typed token and forgets it on sign-out', () => {
    const { value } = env('');
    const session = createSession(value);
    session.save('typed');
    expect(session.token()).toBe('typed');
    session.forget();
    expect(session.token()).toBeNull();
  });
});
