import { defineConfig } from 'vitest/config';
import { viteAliases } from './aliases.mjs';

export default defineConfig({
  resolve: {
    alias: [
      ...viteAliases(),
      // Testing Library's CommonJS build `require`s react-dom past Vite's resolver; its ES build
      // goes through the alias table like our own code does.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    setupFiles: ['tests/setup.ts'],
    server: { deps: { inline: ['@testing-library/react'] } },
  },
});
