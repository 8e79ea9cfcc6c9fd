/**
 * The arrows of docs/architecture.md#the-pieces and of the server's layers
 * (docs/architecture.md#the-server) as rules: `npm run deps` cruises `src/`, `packages/` and
 * `server/` and fails on any of them. `tests/dependencyRules.test.ts` proves each rule fires.
 *
 *   sdk ──► shared ◄── widget        server ──► shared ◄── agent        packages ──► shared        no cycles anywhere
 *
 * The loader and the widget ship as separate bundles, so an arrow between them would pull one into
 * the other's budget; the agent console is the reference server's demo aid, never part of either; `src/` runs in browsers and can never reach the server; `src/shared/` is what
 * all of them import, so it must stand on its own (no Node built-ins, no package but valibot,
 * whose schemas the browser pieces take as types only).
 *
 * Inside the server the arrows point down, a layer may skip the ones below it but never reach up:
 *
 *   app.ts ──► routes/ ──► services/ ──► presenters/ ──► repositories/ ──► db/
 *   gateway/ ──► the routes both modes serve, and nothing that stores (no service, repository or db)
 *
 * and lib/, views/, auth/, mail/, uploads/, limits/, realtime/, observability/ are leaves any layer uses.
 */
/** The process and the reference server's wiring: what only the top imports. */
const SERVER_TOP = '^server/(app|start|server|seed|coordination|backup|backupCommand)\\.ts$';
/** What each server layer may not import: every layer above it. */
const SERVER_ABOVE = {
  db: [SERVER_TOP, '^server/(repositories|presenters|services|routes|contract|gateway)/'],
  repositories: [SERVER_TOP, '^server/(presenters|services|routes|contract|gateway|realtime|redis)/'],
  presenters: [SERVER_TOP, '^server/(services|routes|contract|gateway)/'],
  services: [SERVER_TOP, '^server/(routes|contract|gateway)/'],
  leaves: [SERVER_TOP, '^server/context\\.ts$', '^server/(db|repositories|presenters|services|routes|contract|gateway|redis)/'],
};
/** The server's leaves, which every layer may use. */
const SERVER_LEAVES = '^server/(lib|views|auth|mail|uploads|limits|realtime|observability)/';

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
      "Models are built in state/widget.ts, the lazy ones from their chunks too, and views read them through useWidget(): a view that imports a model's module builds a second one that nothing else sees. The exceptions are actions on the widget's models that hold none, in the chunk of the view that acts: the pre-chat form's submission (state/preChatFlow.ts) and the conversation's actions (state/conversationActions.ts).",
    severity: 'error',
    from: { path: '^src/widget/views/' },
    to: {
      path: '^src/widget/state/',
      pathNot: '^src/widget/state/(preChatFlow|conversationActions)\\.ts$',
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'widget-views-and-components-name-no-chunk',
    comment:
      "Lazy loading has one owner: views act through the conversation's actions (state/conversationActions.ts), which await the lazy code inside, and show lazy parts from lazy/, which say a failure in their place (docs/architecture.md#loading-strategy). A view or a component that imports a chunk's loader or contents would fetch code and answer its failure itself.",
    severity: 'error',
    from: { path: '^src/widget/(views|components)/' },
    to: { path: '^src/widget/chunks/' },
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
    name: 'server-db-is-the-bottom',
    comment:
      'server/db/ is the engine, the schema and the migrations: it imports no layer above it. Whatever writes rows through the repositories (the seed) stands above them.',
    severity: 'error',
    from: { path: '^server/db/' },
    to: { path: SERVER_ABOVE.db },
  },
  {
    name: 'server-repositories-below-services',
    comment:
      'A repository reads and writes rows of its tables and knows nothing that uses it: no presenter, service, route, gateway or realtime fan-out.',
    severity: 'error',
    from: { path: '^server/repositories/' },
    to: { path: SERVER_ABOVE.repositories },
  },
  {
    name: 'server-presenters-below-services',
    comment: "A presenter shapes what it is given into the wire's JSON: it calls no service or route.",
    severity: 'error',
    from: { path: '^server/presenters/' },
    to: { path: SERVER_ABOVE.presenters },
  },
  {
    name: 'server-presenters-read-nothing',
    comment: "A presenter takes the repositories' row types, never their functions: what it shows was read before it was called.",
    severity: 'error',
    from: { path: '^server/presenters/' },
    to: { path: '^server/(repositories|db)/', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'server-services-below-routes',
    comment:
      'A service is behaviour over the store, whoever asks for it (a route, the cable, a bot, a later path): it never reaches the HTTP layer that calls it.',
    severity: 'error',
    from: { path: '^server/services/' },
    to: { path: SERVER_ABOVE.services },
  },
  {
    name: 'server-routes-reach-db-through-repositories',
    comment:
      "A route reads and writes through the repositories (and the services over them), never the database's own code; the Db type is fine.",
    severity: 'error',
    from: { path: '^server/routes/' },
    to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'server-leaves-below-layers',
    comment:
      "The server's leaves (lib, views, auth, mail, uploads, limits, realtime, observability) serve every layer, so they import none: an arrow up from a leaf makes it a layer, and a loop waiting to happen.",
    severity: 'error',
    from: { path: SERVER_LEAVES },
    to: { path: SERVER_ABOVE.leaves },
  },
  {
    name: 'server-only-start-runs-the-gateway',
    comment:
      "The gateway is a mode of its own: only start.ts chooses it (the Redis adapters implement its interfaces, types only); the reference server's code never imports it.",
    severity: 'error',
    from: { path: '^server/', pathNot: ['^server/gateway/', '^server/start\\.ts$', '^server/redis/'] },
    to: { path: '^server/gateway/' },
  },
  {
    name: 'server-gateway-stores-nothing',
    comment:
      "Gateway mode has no database: nothing it imports, through any chain of imports, may reach a repository, the db, a service or the reference server's AppDeps. What both modes serve (the /widget page, packs, health) reads its data through an interface each mode implements (routes/widgetPage.ts's WidgetPageSource).",
    severity: 'error',
    from: { path: '^server/gateway/' },
    to: { path: '^server/(repositories|db|services)/|^server/(context|app|seed|coordination)\\.ts$', reachable: true },
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
