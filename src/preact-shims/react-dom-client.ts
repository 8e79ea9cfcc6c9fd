import { render, type ComponentChild } from 'preact';

/** `react-dom/client`'s `createRoot`, on Preact's `render`. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
