// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { memo } from '../../../src/widget/lib/memo';

const renders: string[] = [];
const Row = memo(function Row({ text, note }: { text: string; note?: string }) {
  renders.push(text);
  return (
    <p>
      {text}
      {note}
    </p>
  );
});

let setRows: (rows: { text: string; note?: string }[]) => void;
function List({ initial }: { initial: { text: string; note?: string }[] }) {
  const [rows, set] = useState(initial);
  setRows = set;
  return (
    <div>
      {rows.map((row) => (
        <Row key={row.text} {...row} />
      ))}
    </div>
  );
}

beforeEach(() => {
  renders.length = 0;
});

describe('memo', () => {
  it('renders a component again only when one of its props changed', () => {
    render(<List initial={[{ text: 'a' }, { text: 'b' }]} />);
    expect(renders).toEqual(['a', 'b']);
    act(() => setRows([{ text: 'a' }, { text: 'b', note: '!' }, { text: 'c' }]));
    expect(renders).toEqual(['a', 'b', 'b', 'c']);
    expect(screen.getByText('b!')).toBeTruthy();
  });

  it('renders again when a prop is taken away', () => {
    render(<List initial={[{ text: 'a', note: '!' }]} />);
    act(() => setRows([{ text: 'a' }]));
    expect(renders).toEqual(['a', 'a']);
    expect(screen.getByText('a')).toBeTruthy();
  });
});
