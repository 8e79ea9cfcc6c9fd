import { createPendingFiles } from '../../../src/widget/state/pendingFiles';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('the files waiting to be sent', () => {
  it('keeps them in the order they came until they are taken to be sent', () => {
    const pending = createPendingFiles();
    const [a, b, c] = [file('a.png'), file('b.png'), file('c.png')];
    pending.add([a, b]);
    pending.add([]);
    pending.add([c]);
    expect(pending.files.value).toEqual([a, b, c]);
    expect(pending.take()).toEqual([a, b, c]);
    expect(pending.files.value).toEqual([]);
  });

  it('lets the visitor take one out', () => {
    const pending = createPendingFiles();
    const [a, b] = [file('a.png'), file('b.png')];
    pending.add([a, b]);
    pending.remove(a);
    expect(pending.files.value).toEqual([b]);
  });
});
