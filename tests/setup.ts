import { afterEach } from 'vitest';

afterEach(async () => {
  // Only DOM tests load Testing Library; server and logic tests run without a document.
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
