import { fakeWidget } from './widgetFixture';

// The files waiting to be sent (docs/behaviour.md#sending-messages): a lazy model of the widget's
// state, made from the attachments chunk with the first file.

const file = (name: string, bytes = 1) => new File(['x'.repeat(bytes)], name, { type: 'image/png' });

describe('the files waiting to be sent', () => {
  it('is a model of the widget, one per widget, made once from its chunk', async () => {
    const first = fakeWidget();
    const other = fakeWidget();
    const pending = await first.state.pendingFiles.load();
    expect(await first.state.pendingFiles.load()).toBe(pending);
    expect(first.state.pendingFiles.loaded).toBe(pending);
    pending.attach([file('a.png')]);
    expect((await other.state.pendingFiles.load()).files.value).toEqual([]);
  });

  it('keeps them in the order they came until they are taken to be sent', async () => {
    const pending = await fakeWidget().state.pendingFiles.load();
    const [a, b, c] = [file('a.png'), file('b.png'), file('c.png')];
    pending.attach([a, b]);
    pending.attach([]);
    pending.attach([c]);
    expect(pending.files.value).toEqual([a, b, c]);
    expect(pending.take()).toEqual([a, b, c]);
    expect(pending.files.value).toEqual([]);
  });

  it('lets the visitor take one out', async () => {
    const pending = await fakeWidget().state.pendingFiles.load();
    const [a, b] = [file('a.png'), file('b.png')];
    pending.attach([a, b]);
    pending.remove(a);
    expect(pending.files.value).toEqual([b]);
  });

  it('keeps the files the inbox takes and tells the visitor why the first refused one is not', async () => {
    const { state } = fakeWidget({}, { channel: { fileRules: { extensions: ['png'], maxSizeMb: 1 } } });
    const pending = await state.pendingFiles.load();
    const kept = file('kept.png');
    pending.attach([file('notes.exe'), kept, file('huge.png', 2 * 1024 * 1024)]);
    expect(pending.files.value).toEqual([kept]);
    expect(state.banner.value).toEqual({ message: "notes.exe can't be sent: this chat doesn't accept .exe files", type: 'error' });
  });
});
