import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  // The widget's entry carries only the first paint's English strings and lazy parts wait for the
  // rest; components and views rendered directly in DOM tests get them all up front.
  if (typeof document !== 'undefined') await (await import('../src/widget/i18n')).loadAllStrings();
});

afterEach(async () => {
  // Only DOM tests load Testing Library; server and logic tests run without a document.
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
