import { diagnose, problemMessage, serverSilent, type FrameProblem } from '../../../src/sdk/runtime/frameProblems';

const BASE = 'https://chat.example';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answering = (status: number) => {
  const fetch = vi.fn(async () => new Response('{}', { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('why the chat frame did not load', () => {
  it('asks the campaigns endpoint about the token, without credentials', async () => {
    const fetch = answering(200);
    await diagnose(BASE, 'a b');
    expect(fetch).toHaveBeenCalledExactlyOnceWith(`${BASE}/api/v1/widget/campaigns?website_token=a%20b`, {
      credentials: 'omit',
      cache: 'no-store',
    });
  });

  it('asks the server, not the answer the page view left in the HTTP cache: a server down since then is unreachable', async () => {
    // The browser's cache as the page view's own campaigns request left it (public, max-age=60),
    // in front of a server that has stopped since.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.cache === 'no-store' || init?.cache === 'reload' ? Promise.reject(new TypeError('Failed to fetch')) : new Response('[]'),
      ),
    );
    expect(await diagnose(BASE, 'tok')).toBe('unreachable');
  });

  it.each([
    [404, 'unknown-token'],
    [401, 'suspended'],
    [502, 'unreachable'],
    [504, 'unreachable'],
    [200, undefined],
    [429, undefined],
  ])('reads %i as %s', async (status, problem) => {
    answering(status);
    expect(await diagnose(BASE, 'tok')).toBe(problem);
  });

  it('reads no answer at all as an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await diagnose(BASE, 'tok')).toBe('unreachable');
  });
});

describe('what trying again can mend', () => {
  it.each([
    ['unreachable', true],
    ['timeout', true],
    ['unknown-token', false],
    ['suspended', false],
    ['refused', false],
  ] as [FrameProblem, boolean][])('%s: %s', (problem, silent) => {
    expect(serverSilent(problem)).toBe(silent);
  });
});

describe('the warning for the site', () => {
  it.each([
    ['unknown-token', `Wren: ${BASE} has no inbox with the website token "tok"`],
    ['suspended', 'Wren: the inbox of the website token "tok" is suspended'],
    ['unreachable', `Wren: ${BASE} cannot be reached`],
    ['refused', `Wren: ${BASE}/widget refused to load on this page (the inbox's allowed domains, or frame-src in this page's CSP)`],
    ['timeout', `Wren: ${BASE}/widget did not load in time`],
  ] as const)('names %s', (problem, message) => {
    expect(problemMessage(problem, BASE, 'tok')).toBe(message);
  });
});
