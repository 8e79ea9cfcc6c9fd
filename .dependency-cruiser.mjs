/**
 * The arrows of docs/architecture.md#the-pieces as rules: `npm run deps` cruises `src/`, `packages/` and
 * `server/` and fails on any of them. `tests/dependencyRules.test.ts` proves each rule fires.
 *
 *   sdk ──► shared ◄── widget        server ──► shared ◄── agent        packages ──► shared        no cycles anywhere
 *
 * The loader and the widget ship as separate bundles, so an arrow between them would pull one into
 * the other's budget; the agent console is the reference server's demo aid, never part of either; `src/` runs in browsers and can never reach the server; `src/shared/` is what
 * all of them import, so it must stand on its own (no Node built-ins, no package but valibot,
 * whose schemas the browser pieces take as types only).
 */
/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const forbidden = [
  {
    name: 'sdk-not-to-widget',
    comment: 'The loader is its own 3 KB bundle: a rule both need belongs in src/shared.',
    severity: 'error',
    from: { path: '^src/sdk/' },
    to: { path: '^src/widget/' },
  },
  {
    name: 'widget-not-to-sdk',
    comment: 'The widget talks to the loader through the postMessage protocol in src/shared, never by import.',
    severity: 'error',
    from: { path: '^src/widget/' },
    to: { path: '^src/sdk/' },
  },
  {
    name: 'agent-only-to-shared',
    comment: 'The agent console is its own bundle: of the repository it imports src/shared alone (packages are fine).',
    severity: 'error',
    from: { path: '^src/agent/' },
    to: { path: '^src/', pathNot: '^src/(agent|shared)/' },
  },
  {
    name: 'not-to-agent',
    comment: 'Nothing imports the agent console: the widget and the loader would carry it into their budgets.',
    severity: 'error',
    from: { pathNot: '^src/agent/' },
    to: { path: '^src/agent/' },
  },
  {
    name: 'src-not-to-server',
    comment: 'Browser code never imports the server; a shape both need is a type in src/shared.',
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^server/' },
  },
  {
    name: 'shared-is-dependency-free',
    comment:
      "src/shared is pure code: nothing outside it, Node built-ins included. Its one package is valibot, the rich kinds' schemas (contentAttributes.ts): pure, and shipped only where a schema is used as a value.",
    severity: 'error',
    from: { path: '^src/shared/' },
    to: { pathNot: ['^src/shared/', '^node_modules/valibot/'] },
  },
  {
    name: 'browser-takes-schema-types-only',
    comment:
      "The widget, the loader and the agent console take the rich kinds' types, never their schemas: a value import would ship valibot and every schema into their bundles.",
    severity: 'error',
    from: { path: '^(src/(widget|sdk|agent)|packages)/' },
    to: { path: '^src/shared/contentAttributes\\.ts$', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'package-only-to-shared',
    comment:
      "The npm package loads the server's sdk.js rather than bundling a copy: of the repository it imports src/shared alone (docs/architecture.md#the-npm-package).",
    severity: 'error',
    from: { path: '^packages/' },
    to: { path: '^(src|server)/', pathNot: '^src/shared/' },
  },
  {
    name: 'not-to-package',
    comment: 'The package is built for apps; nothing the server or the widget ships may carry it.',
    severity: 'error',
    from: { path: '^(src|server)/' },
    to: { path: '^packages/' },
  },
  {
    name: 'widget-lib-not-to-components',
    comment: "The widget's lib/ is plain logic and data: a component may use it, never the other way.",
    severity: 'error',
    from: { path: '^src/widget/lib/' },
    to: { path: '^src/widget/components/' },
  },
  {
    name: 'widget-components-not-to-state-or-i18n',
    comment:
      "The widget's components show what they are given: the models' values and the strings come as props from views (types are fine), so a component is testable alone and carries no model into a chunk.",
    severity: 'error',
    from: { path: '^src/widget/components/' },
    to: { path: '^src/widget/(state|i18n)/', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'widget-views-build-no-models',
    comment:
      "Models are built in state/widget.ts, the lazy ones from their chunks too, and views read them through useWidget(): a view that imports a model's module builds a second one that nothing else sees. The pre-chat form's submission (state/preChatFlow.ts), an action on the widget's models in the form's chunk, is the one exception.",
    severity: 'error',
    from: { path: '^src/widget/views/' },
    to: { path: '^src/widget/state/', pathNot: '^src/widget/state/preChatFlow\\.ts$', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'widget-state-not-to-realtime',
    comment: "Realtime drives state (the cable's events become model actions), one way: a model never reaches for the connection.",
    severity: 'error',
    from: { path: '^src/widget/state/' },
    to: { path: '^src/widget/realtime/' },
  },
  {
    name: 'widget-lazy-only-in-chunks',
    comment:
      "The widget's lazy chunks have one home (docs/architecture.md#loading-strategy): `import()` appears only in a chunk's loader, src/widget/chunks/<chunk>.ts, and in the locale loaders of i18n/. A type reads a lazy module with `import type`, not `typeof import()`.",
    severity: 'error',
    from: { path: '^src/widget/', pathNot: ['^src/widget/chunks/[^/]+\\.ts$', '^src/widget/i18n/(index|localeChunks)\\.ts$'] },
    to: { dependencyTypes: ['dynamic-import', 'type-import'] },
  },
  {
    name: 'no-circular',
    comment: 'Arrows point one way: an import cycle means a rule has two homes or a module knows too much.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'not-to-unresolvable',
    comment: 'An import the checker cannot resolve to a file would slip past every rule above.',
    severity: 'error',
    from: {},
    // `emoji-data` is a virtual module: build.mjs and vitest generate it from emojibase-data.
    to: { couldNotResolve: true, pathNot: '^emoji-data$' },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
