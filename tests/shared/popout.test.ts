import { openPopout } from '../../src/shared/popout';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the popout window', () => {
  it('opens the widget page for the inbox, conversation and locale in a 400×600 window named after the token', () => {
    const focus = vi.fn();
    const open = vi.fn(() => ({ focus }));
    vi.stubGlobal('window', { open });
    openPopout('https://chat.example', 'tok', 'de', 'jwt-9');
    expect(open).toHaveBeenCalledExactlyOnceWith(
      'https://chat.example/widget?cw_conversation=jwt-9&website_token=tok&locale=de',
      'webwidget_session_tok',
      'resizable=off,width=400,height=600',
    );
    expect(focus).toHaveBeenCalled();
  });

  it('only logs when the browser refuses the window (a popup blocker answers null)', () => {
    vi.stubGlobal('window', { open: () => null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => openPopout('https://chat.example', 'tok', 'en', '')).not.toThrow();
    expect(warn).toHaveBeenCalledExactlyOnceWith('Wren: popup blocked');
  });

  it('tells the window to keep nothing where the site asks for consent or keeps to the session', () => {
    const open = vi.fn((_url: string) => ({ focus() {} }));
    vi.stubGlobal('window', { open });
    const storage = (settings: Parameters<typeof openPopout>[4]) => {
      openPopout('https://chat.example', 'tok', 'en', '', settings);
      return new URL(open.mock.lastCall![0]).searchParams.get('storage');
    };
    expect(storage({ consent: 'required' })).toBe('session');
    expect(storage({ storage: 'session' })).toBe('session');
    expect(storage({ storage: 'persistent' })).toBeNull();
    expect(storage({})).toBeNull();
  });

  it('escapes the tokens, which come from a cookie and the site', () => {
    const open = vi.fn((_url: string) => ({ focus() {} }));
    vi.stubGlobal('window', { open });
    openPopout('https://chat.example', 'a&b', 'pt_BR', 'x=y');
    expect(open.mock.calls[0][0]).toBe('https://chat.example/widget?cw_conversation=x%3Dy&website_token=a%26b&locale=pt_BR');
  });
});
