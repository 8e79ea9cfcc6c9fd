import type { OutgoingRequest } from '../../../src/widget/api/client';
import { uploadWithProgress } from '../../../src/widget/api/uploadWithProgress';

/**
 * An `XMLHttpRequest` the test drives: it records what was sent, and `progress`, `answer`,
 * `failNetwork` play the browser's part.
 */
class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const outgoing = (signal = new AbortController().signal): OutgoingRequest => {
  const body = new FormData();
  body.append('message[echo_id]', 'e-9');
  return { method: 'POST', headers: { 'X-Auth-Token': 'jwt-1' }, body, signal };
};
const URL = 'https://chat.example/api/v1/widget/messages?website_token=web-tok';

describe('an upload by XMLHttpRequest', () => {
  it('sends the request as it is and tells how much of it has gone', async () => {
    const heard: number[] = [];
    const answered = uploadWithProgress((sent) => heard.push(sent))(URL, outgoing());
    const [xhr] = FakeXhr.made;
    expect([xhr.method, xhr.url, xhr.headers]).toEqual(['POST', URL, { 'X-Auth-Token': 'jwt-1' }]);
    expect((xhr.body as FormData).get('message[echo_id]')).toBe('e-9');

    xhr.progress(250, 1000);
    xhr.progress(0, 0, false);
    xhr.progress(1000, 1000);
    xhr.answer(201, '{"id":41}');
    await expect(answered).resolves.toEqual({ status: 201, text: '{"id":41}' });
    expect(heard).toEqual([0.25, 1]);
  });

  it('settles as fetch does: no answer is a TypeError, an abort an AbortError', async () => {
    const cut = uploadWithProgress(() => undefined)(URL, outgoing());
    FakeXhr.made[0].onerror?.();
    await expect(cut).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const withdrawn = uploadWithProgress(() => undefined)(URL, outgoing(controller.signal));
    controller.abort();
    await expect(withdrawn).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.made[1].aborted).toBe(true);
  });

  it('sends nothing for a request withdrawn before it starts', async () => {
    await expect(uploadWithProgress(() => undefined)(URL, outgoing(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.made).toHaveLength(0);
  });
});
