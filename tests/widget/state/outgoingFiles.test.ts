import { fakeWidget } from './widgetFixture';

// A picked file's rules (docs/behaviour.md#sending-messages): a lazy model of the widget's state,
// made from the attachments chunk with the first file, which the flow sends (conversationFlow.test.ts).

const file = (name: string, bytes = 1) => new File(['x'.repeat(bytes)], name, { type: 'image/png' });

describe('the files the visitor picks', () => {
  it('are checked by a model of the widget, one per widget, made once from its chunk', async () => {
    const first = fakeWidget();
    const other = fakeWidget();
    const files = await first.state.flowDeps.outgoingFiles.load();
    expect(await first.state.flowDeps.outgoingFiles.load()).toBe(files);
    expect(first.state.flowDeps.outgoingFiles.loaded).toBe(files);
    expect(await other.state.flowDeps.outgoingFiles.load()).not.toBe(files);
  });

  it('keeps the files the inbox takes, in the order they came, and tells the visitor why the first refused one is not', async () => {
    const { state } = fakeWidget({}, { channel: { fileRules: { extensions: ['png'], maxSizeMb: 1 } } });
    const files = await state.flowDeps.outgoingFiles.load();
    const [a, b] = [file('a.png'), file('b.png')];
    expect(files.check([file('notes.exe'), a, file('huge.png', 2 * 1024 * 1024), b])).toEqual([a, b]);
    expect(state.banner.value).toEqual({ message: "notes.exe can't be sent: this chat doesn't accept .exe files", type: 'error' });
  });

  it('says nothing when every file passes', async () => {
    const { state } = fakeWidget({}, { channel: { fileRules: { extensions: ['png'], maxSizeMb: 1 } } });
    const a = file('a.png');
    expect((await state.flowDeps.outgoingFiles.load()).check([a])).toEqual([a]);
    expect(state.banner.value).toBeNull();
  });
});
