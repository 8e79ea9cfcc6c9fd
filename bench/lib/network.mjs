// Requests, bytes and WebSockets of one page, as Chromium's DevTools protocol reports them.

/** A response's header block as HTTP/1.1 sends it (`name: value\r\n` each), when CDP gives no raw text. */
const headerLength = (headers) => Object.entries(headers).reduce((n, [name, value]) => n + name.length + String(value).length + 4, 0);

/** Requests, bytes and sockets of one page, from CDP's Network domain. */
export function watchNetwork(cdp) {
  const requests = new Map();
  const sockets = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    if (!requests.has(requestId))
      requests.set(requestId, { url: request.url, at: timestamp, bytes: 0, headerBytes: 0, cached: false, done: false });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const r = requests.get(requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const r = requests.get(requestId);
    if (!r) return;
    if (response.fromDiskCache || response.fromPrefetchCache) r.cached = true;
    r.headerBytes = response.headersText?.length ?? headerLength(response.headers);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) Object.assign(r, { bytes: r.cached ? 0 : encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const r = requests.get(requestId);
    if (r) r.done = true;
  });
  cdp.on('Network.webSocketCreated', ({ url }) => sockets.push(url));
  return {
    sockets,
    /** Requests so far, or those after `since` (a list returned earlier). */
    list: (since = []) => [...requests.values()].slice(since.length),
  };
}
