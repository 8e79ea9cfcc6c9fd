// @vitest-environment happy-dom
import { render, screen, fireEvent } from '@testing-library/react';
import { createContext, useState } from 'react';
import { signal } from '@preact/signals-react';
import { createContext as preactCreateContext } from 'preact';
import { useState as preactUseState } from 'preact/hooks';

const clicks = signal(0);

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setN(n + 1);
        clicks.value++;
      }}
    >
      clicked {n} {clicks}
    </button>
  );
}

describe('the alias table', () => {
  it('resolves react to Preact, as the build does', () => {
    expect(createContext).toBe(preactCreateContext);
    expect(useState).toBe(preactUseState);
  });

  it('renders hooks and signals through Testing Library', () => {
    render(<Counter />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('clicked 1 1');
  });
});
