/**
 * Why the chat frame did not load, and how the loader tells the site's developer
 * (docs/behaviour.md#chat-unavailable): the visitor sees a short notice, the console one warning.
 */

/** What went wrong, as far as the loader can tell. */
export type FrameProblem =
  /** No inbox has the website token. */
  | 'unknown-token'
  /** The inbox's account is suspended. */
  | 'suspended'
  /** The server does not answer (down, the visitor offline, or `connect-src` in the page's CSP). */
  | 'unreachable'
  /** The server answers and knows the token, yet the window's page did not start: refused as a frame. */
  | 'refused'
  /** Nothing at all within the time-out. */
  | 'timeout';

/**
 * Whether `problem` is a server that does not answer, which trying again can mend (the notice does,
 * runtime/notice/), rather than a page or an inbox the chat cannot load on until someone changes
 * a setting.
 */
export const serverSilent = (problem: FrameProblem): boolean => problem === 'unreachable' || problem === 'timeout';

/**
 * Asks the server about the website token, once the frame's document has loaded without the
 * widget saying `loaded`: the widget page's own answer is not readable across origins, but the
 * campaigns endpoint answers the same token checks with CORS. Undefined when the server is fine
 * with the token: then only the frame itself can say what is wrong. Asked of the server itself,
 * never of the HTTP cache: the page view's own campaigns request leaves an answer there for a
 * minute, which a server that has gone down since would seem to give, and its silent frame (a
 * browser's error page also fires `load`) would then be blamed on the page.
 */
export async function diagnose(baseUrl: string, websiteToken: string): Promise<FrameProblem | undefined> {
  try {
    const { status } = await fetch(`${baseUrl}/api/v1/widget/campaigns?website_token=${encodeURIComponent(websiteToken)}`, {
      credentials: 'omit',
      cache: 'no-store',
    });
    // 502 and 504: a gateway in front of a Chatwoot that does not answer.
    return status === 404 ? 'unknown-token' : status === 401 ? 'suspended' : status >= 500 ? 'unreachable' : undefined;
  } catch {
    return 'unreachable';
  }
}

/**
 * The warning for the site's developer: what is wrong, in few words (they weigh on every open);
 * docs/behaviour.md#chat-unavailable says where to look for each.
 */
export function problemMessage(problem: FrameProblem, baseUrl: string, websiteToken: string): string {
  return `Wren: ${
    {
      'unknown-token': `${baseUrl} has no inbox with the website token "${websiteToken}"`,
      suspended: `the inbox of the website token "${websiteToken}" is suspended`,
      unreachable: `${baseUrl} cannot be reached`,
      refused: `${baseUrl}/widget refused to load on this page (the inbox's allowed domains, or frame-src in this page's CSP)`,
      timeout: `${baseUrl}/widget did not load in time`,
    }[problem]
  }`;
}
