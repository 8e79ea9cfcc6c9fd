// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { lazyPart } from '../../../src/widget/lazy/part';
import { loadOnce } from '../../../src/widget/lib/loadOnce';

interface GreetingProps {
  name: string;
}

/** The component a chunk would export; it records the props it was given. */
const seen: object[] = [];
function Greeting(props: GreetingProps) {
  seen.push(props);
  return <p>Hello {props.name}</p>;
}

/** A chunk whose arrival (or failure) the test decides. */
function chunk() {
  const loads: { resolve(component: ComponentType<GreetingProps>): void; reject(error: unknown): void }[] = [];
  const load = vi.fn(() => new Promise<ComponentType<GreetingProps>>((resolve, reject) => loads.push({ resolve, reject })));
  // The answer passes through loadChunk's promise chain before the component re-renders.
  const settled = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));
  const arrive = (index = loads.length - 1) => (loads[index].resolve(Greeting), settled());
  const fail = (index = loads.length - 1) => (loads[index].reject(new Error('404 chunk-abc.js')), settled());
  return { load, arrive, fail };
}

/** A lazy part whose chunk's code is the component itself, loaded as a chunk's loader does (`chunks/`). */
const part = (load: () => Promise<ComponentType<GreetingProps>>) => lazyPart(loadOnce(load), (component) => component);

beforeEach(() => {
  seen.length = 0;
});

describe('a component from a lazy chunk', () => {
  it('shows the fallback until the chunk arrives', () => {
    const { load } = chunk();
    const Part = part(load);
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Hello Ana')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while loading when there is no fallback', () => {
    const { load } = chunk();
    const Part = part(load);
    const { container } = render(<Part name="Ana" />);
    expect(container.textContent).toBe('');
  });

  it('shows the loaded component with its props once the chunk arrives', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    await arrive();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('passes only the component’s own props, not the fallback or error labels', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    await arrive();
    expect(seen.at(-1)).toEqual({ name: 'Ana' });
  });

  it('passes new props to the loaded component', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    const { rerender } = render(<Part name="Ana" />);
    await arrive();
    rerender(<Part name="Ben" />);
    expect(screen.getByText('Hello Ben')).toBeTruthy();
  });
});

describe('a lazy chunk that fails to load', () => {
  it('says so, with a retry button, instead of a blank pane', async () => {
    const { load, fail } = chunk();
    const Part = part(load);
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    await fail();
    expect(screen.getByRole('alert').textContent).toContain('Part of the chat failed to load.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('loads the chunk again on retry and then shows the component', async () => {
    const { load, fail, arrive } = chunk();
    const Part = part(load);
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    await fail();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await arrive();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('shows the failure again when the retry fails too', async () => {
    const { load, fail } = chunk();
    const Part = part(load);
    render(<Part name="Ana" />);
    await fail();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await fail();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toContain('Part of the chat failed to load.');
  });

  it('lets a later instance load the chunk afresh after a failure', async () => {
    const { load, fail, arrive } = chunk();
    const Part = part(load);
    const first = render(<Part name="Ana" />);
    await fail();
    first.unmount();
    render(<Part name="Ben" />);
    expect(load).toHaveBeenCalledTimes(2);
    await arrive();
    expect(screen.getByText('Hello Ben')).toBeTruthy();
  });
});

describe('sharing a lazy chunk', () => {
  it('fetches the chunk once for many instances', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    render(
      <>
        <Part name="Ana" />
        <Part name="Ben" />
        <Part name="Cy" />
      </>,
    );
    await arrive();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(screen.getByText('Hello Ben')).toBeTruthy();
    expect(screen.getByText('Hello Cy')).toBeTruthy();
  });

  it('shows a later instance at once, without the fallback or another fetch', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    render(<Part name="Ana" />);
    await arrive();
    render(<Part name="Ben" fallback={<span>Loading…</span>} />);
    expect(screen.getByText('Hello Ben')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps separate lazy parts apart', async () => {
    const first = chunk();
    const second = chunk();
    const FirstPart = part(first.load);
    part(second.load);
    render(<FirstPart name="Ana" />);
    await first.arrive();
    expect(second.load).not.toHaveBeenCalled();
  });
});

describe('preloading a lazy chunk', () => {
  it('fetches the chunk before any instance renders', () => {
    const { load } = chunk();
    const Part = part(load);
    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets an instance rendered afterwards show at once, with no second fetch', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    const preloading = Part.preload();
    await arrive();
    await preloading;
    render(<Part name="Ana" fallback={<span>Loading…</span>} />);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares an unfinished preload with an instance', async () => {
    const { load, arrive } = chunk();
    const Part = part(load);
    Part.preload();
    render(<Part name="Ana" />);
    await arrive();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('swallows a failed preload, and an instance later fetches again', async () => {
    const { load, fail, arrive } = chunk();
    const Part = part(load);
    const preloading = Part.preload();
    await fail();
    await expect(preloading).resolves.toBeUndefined();
    render(<Part name="Ana" />);
    expect(load).toHaveBeenCalledTimes(2);
    await arrive();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });
});
