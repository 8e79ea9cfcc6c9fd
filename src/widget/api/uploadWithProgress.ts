/**
 * A transport (`client.ts`) that sends with `XMLHttpRequest` instead of `fetch`, to hear how much
 * of the body has gone: `fetch` cannot tell (Chromium streams a request body only over HTTP/2,
 * other browsers not at all). The outbox sends a file by it, so the bubble's bar shows real
 * progress; it rides in the outbox's chunk, and the first paint carries none of it.
 */
import type { Transport } from './client';

/** A transport telling `onProgress` the share of the body sent so far (0 to 1). */
export function uploadWithProgress(onProgress: (sent: number) => void): Transport {
  return (url, request) =>
    new Promise((resolve, reject) => {
      const aborted = () => reject(new DOMException('', 'AbortError'));
      if (request.signal.aborted) return aborted();
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, url);
      for (const name in request.headers) xhr.setRequestHeader(name, request.headers[name]);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new TypeError());
      xhr.onabort = aborted;
      request.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(request.body);
    });
}
