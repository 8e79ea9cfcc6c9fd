// @vitest-environment happy-dom
import { signal } from '@preact/signals-react';
import { act, render, screen } from '@testing-library/react';
import { TypingIndicator } from '../../../src/widget/components/TypingIndicator';

function setup() {
  const isTyping = signal(false);
  const typist = signal('Ana');
  render(<TypingIndicator isTyping={isTyping} typist={typist} label={(name) => `${name} is typing`} />);
  return { isTyping, typist };
}

describe('the agent-typing indicator', () => {
  it('keeps its status on the page, empty and with no dots, while no agent is typing', () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.querySelector('.typing')).toBeNull();
  });

  it('announces "Ana is typing" when the signal turns on', () => {
    const { isTyping } = setup();
    act(() => {
      isTyping.value = true;
    });
    expect(screen.getByRole('status').textContent).toBe('Ana is typing');
  });

  it('follows the typist and disappears when typing stops', () => {
    const { isTyping, typist } = setup();
    act(() => {
      isTyping.value = true;
      typist.value = 'Ben';
    });
    expect(screen.getByRole('status').textContent).toBe('Ben is typing');
    act(() => {
      isTyping.value = false;
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.querySelector('.typing')).toBeNull();
  });
});
