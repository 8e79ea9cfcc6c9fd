import { createComposerModel } from '../../../src/widget/state/composer';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('the files waiting in the composer', () => {
  it('keeps them in the order they came until they are taken to be sent', () => {
    const composer = createComposerModel(vi.fn(), () => true);
    const [a, b, c] = [file('a.png'), file('b.png'), file('c.png')];
    composer.attach([a, b]);
    composer.attach([]);
    composer.attach([c]);
    expect(composer.attachments.value).toEqual([a, b, c]);
    expect(composer.takeAttachments()).toEqual([a, b, c]);
    expect(composer.attachments.value).toEqual([]);
  });

  it('lets the visitor take one out', () => {
    const composer = createComposerModel(vi.fn(), () => true);
    const [a, b] = [file('a.png'), file('b.png')];
    composer.attach([a, b]);
    composer.detach(a);
    expect(composer.attachments.value).toEqual([b]);
  });
});
