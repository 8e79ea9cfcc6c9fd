/**
 * A request sent with `XMLHttpRequest` instead of `fetch`, to hear how much of its body has gone:
 * `fetch` cannot tell (Chromium streams a request body only over HTTP/2, and other browsers not
 * at all). Only `client.ts` calls it, for an upload whose progress the bubble shows; a chunk of
 * its own, so the first paint does not carry it.
 */

/** What came back: the status and the body as text. */
export interface Answer {
  status: number;
  text: string;
}

/**
 * Sends `init` to `url`, telling `onProgress` the share of the body sent (0 to 1). It settles as
 * `fetch` does: an answer of any status resolves, no answer rejects with a `TypeError`, an abort
 * with an `AbortError`.
 */
export function uploadWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: XMLHttpRequestBodyInit; signal: AbortSignal },
  onProgress: (sent: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('', 'AbortError'));
    // Withdrawn while this chunk was on its way: nothing is sent.
    if (init.signal.aborted) return aborted();
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const name in init.headers) xhr.setRequestHeader(name, init.headers[name]);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError());
    xhr.onabort = aborted;
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body);
  });
}
