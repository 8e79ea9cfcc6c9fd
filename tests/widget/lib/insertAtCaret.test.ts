import { insertAtCaret } from '../../../src/widget/lib/insertAtCaret';

describe('inserting at the caret', () => {
  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertAtCaret('Hello world', 5, 5, '🎉')).toEqual({ value: 'Hello🎉 world', caret: 7 });
  });

  it('replaces the selection', () => {
    expect(insertAtCaret('I am sad', 5, 8, '😀')).toEqual({ value: 'I am 😀', caret: 7 });
  });

  it('appends to an empty box or past the end', () => {
    expect(insertAtCaret('', 0, 0, '👋')).toEqual({ value: '👋', caret: 2 });
    expect(insertAtCaret('Hi', 9, 9, '👋')).toEqual({ value: 'Hi👋', caret: 4 });
  });
});
