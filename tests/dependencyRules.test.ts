import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * `npm run deps` enforces the arrows of docs/architecture.md#the-pieces. Each rule is shown
 * to fire on a small tree written for the purpose, and the real tree is shown to keep them all.
 */

const REPO = new URL('..', import.meta.url).pathname;

/** The options `npm run deps` runs with: the repository's rules, read as the CLI reads them. */
const options: Promise<ICruiseOptions> = extractDepcruiseOptions(join(REPO, '.dependency-cruiser.mjs'));

/** Cruises `dirs` under `baseDir` with the repository's own rules. */
async function violationsIn(baseDir: string, dirs: string[]): Promise<string[]> {
  const { output } = await cruise(dirs, { ...(await options), baseDir });
  return (output as ICruiseResult).summary.violations.map(violationLine).sort();
}

const violationLine = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`;

/** Writes `files` (path → source) into a fresh directory and returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wren-deps-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

// Each case runs dependency-cruiser over a tree, and the first loads its TypeScript resolver: seconds
// on a loaded machine, past vitest's 5 s default.
describe('dependency rules', { timeout: 30_000 }, () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  const fixture = (files: Record<string, string>) => {
    const root = tree(files);
    roots.push(root);
    return root;
  };

  it('passes a tree whose arrows all point into src/shared', async () => {
    const root = fixture({
      'src/shared/rule.ts': 'export const rule = 1;\n',
      'src/sdk/index.ts': "import { rule } from '../shared/rule';\nexport const a = rule;\n",
      'src/widget/main.ts': "import { rule } from '../shared/rule';\nexport const b = rule;\n",
      'server/app.ts': "import { rule } from '../src/shared/rule';\nexport const c = rule;\n",
      'src/agent/main.ts': "import { rule } from '../shared/rule';\nexport const d = rule;\n",
    });
    expect(await violationsIn(root, ['src', 'server'])).toEqual([]);
  });

  it('fails an agent console that imports from the widget or the loader', async () => {
    const root = fixture({
      'src/widget/lib/sanitizeUrl.ts': 'export const safe = (u: string) => u;\n',
      'src/sdk/settings.ts': 'export const POSITION = "right";\n',
      'src/agent/main.ts':
        "import { safe } from '../widget/lib/sanitizeUrl';\nimport { POSITION } from '../sdk/settings';\nexport const a = safe(POSITION);\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'agent-only-to-shared: src/agent/main.ts → src/sdk/settings.ts',
      'agent-only-to-shared: src/agent/main.ts → src/widget/lib/sanitizeUrl.ts',
    ]);
  });

  it('fails a widget, a loader or a server that imports the agent console', async () => {
    const root = fixture({
      'src/agent/api.ts': 'export const PROFILE = "/api/v1/profile";\n',
      'src/widget/main.ts': "import { PROFILE } from '../agent/api';\nexport const w = PROFILE;\n",
      'src/sdk/index.ts': "import { PROFILE } from '../agent/api';\nexport const s = PROFILE;\n",
      'server/app.ts': "import { PROFILE } from '../src/agent/api';\nexport const a = PROFILE;\n",
    });
    expect(await violationsIn(root, ['src', 'server'])).toEqual([
      'not-to-agent: server/app.ts → src/agent/api.ts',
      'not-to-agent: src/sdk/index.ts → src/agent/api.ts',
      'not-to-agent: src/widget/main.ts → src/agent/api.ts',
    ]);
  });

  it('fails a loader that imports from the widget', async () => {
    const root = fixture({
      'src/widget/lib/campaigns.ts': 'export const SNOOZE_MS = 86_400_000;\n',
      'src/sdk/index.ts': "import { SNOOZE_MS } from '../widget/lib/campaigns';\nexport const snooze = SNOOZE_MS;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual(['sdk-not-to-widget: src/sdk/index.ts → src/widget/lib/campaigns.ts']);
  });

  it('fails a widget that imports from the loader', async () => {
    const root = fixture({
      'src/sdk/settings.ts': 'export const POSITION = "right";\n',
      'src/widget/main.ts': "import { POSITION } from '../sdk/settings';\nexport const position = POSITION;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual(['widget-not-to-sdk: src/widget/main.ts → src/sdk/settings.ts']);
  });

  it('fails browser code that imports from the server', async () => {
    const root = fixture({
      'server/presenters/message.ts': 'export type WidgetMessage = { id: number };\n',
      'src/widget/api.ts':
        "import type { WidgetMessage } from '../../server/presenters/message';\nexport const ids = (m: WidgetMessage) => m.id;\n",
    });
    expect(await violationsIn(root, ['src', 'server'])).toEqual(['src-not-to-server: src/widget/api.ts → server/presenters/message.ts']);
  });

  it('fails src/shared importing anything outside it, a Node built-in included', async () => {
    const root = fixture({
      'src/widget/lib/dates.ts': 'export const DAY_MS = 86_400_000;\n',
      'src/shared/campaigns.ts': "import { DAY_MS } from '../widget/lib/dates';\nexport const SNOOZE_MS = DAY_MS;\n",
      'src/shared/hash.ts':
        "import { createHash } from 'node:crypto';\nexport const hash = (s: string) => createHash('sha1').update(s).digest('hex');\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'shared-is-dependency-free: src/shared/campaigns.ts → src/widget/lib/dates.ts',
      'shared-is-dependency-free: src/shared/hash.ts → crypto',
    ]);
  });

  it('lets src/shared use valibot, and no other package', async () => {
    const root = fixture({
      'node_modules/valibot/package.json': '{"name":"valibot","main":"index.js"}\n',
      'node_modules/valibot/index.js': 'export const string = () => ({});\n',
      'node_modules/left-pad/package.json': '{"name":"left-pad","main":"index.js"}\n',
      'node_modules/left-pad/index.js': 'export default (s) => s;\n',
      'src/shared/contentAttributes.ts': "import * as v from 'valibot';\nexport const Title = v.string();\n",
      'src/shared/pad.ts': "import pad from 'left-pad';\nexport const padded = pad('x');\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual(['shared-is-dependency-free: src/shared/pad.ts → node_modules/left-pad/index.js']);
  });

  it("fails browser code that takes the rich kinds' schemas as values, not as types", async () => {
    const root = fixture({
      'node_modules/valibot/package.json': '{"name":"valibot","main":"index.js"}\n',
      'node_modules/valibot/index.js': 'export const string = () => ({});\n',
      'src/shared/contentAttributes.ts':
        "import * as v from 'valibot';\nexport const Title = v.string();\nexport type Title = { title: string };\n",
      'src/widget/options.ts': "import type { Title } from '../shared/contentAttributes';\nexport const title = (t: Title) => t.title;\n",
      'src/agent/summary.ts': "import { Title } from '../shared/contentAttributes';\nexport const schema = Title;\n",
      'server/check.ts': "import { Title } from '../src/shared/contentAttributes';\nexport const schema = Title;\n",
    });
    expect(await violationsIn(root, ['src', 'server'])).toEqual([
      'browser-takes-schema-types-only: src/agent/summary.ts → src/shared/contentAttributes.ts',
    ]);
  });

  it('fails an import cycle, type-only imports included', async () => {
    const root = fixture({
      'server/services/agentActions.ts': "import { survey } from './csat';\nexport const resolve = () => survey();\n",
      'server/services/csat.ts':
        "import type { resolve } from './agentActions';\nexport const survey = (): ReturnType<typeof resolve> | void => undefined;\n",
    });
    expect(await violationsIn(root, ['server'])).toEqual(['no-circular: server/services/agentActions.ts → server/services/csat.ts']);
  });

  it('fails an import it cannot resolve, which would otherwise slip past the other rules', async () => {
    const root = fixture({ 'src/sdk/index.ts': "import { gone } from '../widget/gone';\nexport const a = gone;\n" });
    expect(await violationsIn(root, ['src'])).toEqual(['not-to-unresolvable: src/sdk/index.ts → ../widget/gone']);
  });

  it('fails an npm package that imports the loader or the server, and a piece that imports the package', async () => {
    const root = fixture({
      'src/shared/hostApi.ts': 'export const METHODS = [];\n',
      'src/sdk/chatwoot.ts': 'export const create = () => 1;\n',
      'server/app.ts': "import { loadWren } from '../packages/wren-chat/src/index';\nexport const app = loadWren;\n",
      'packages/wren-chat/src/index.ts':
        "import { METHODS } from '../../../src/shared/hostApi';\nimport { create } from '../../../src/sdk/chatwoot';\nexport const loadWren = () => [METHODS, create];\n",
    });
    expect(await violationsIn(root, ['src', 'server', 'packages'])).toEqual([
      'not-to-package: server/app.ts → packages/wren-chat/src/index.ts',
      'package-only-to-shared: packages/wren-chat/src/index.ts → src/sdk/chatwoot.ts',
    ]);
  });

  it('fails a widget lib module that imports a component, a type included', async () => {
    const root = fixture({
      'src/widget/components/Avatar.tsx': 'export type AvatarSize = 24 | 32;\n',
      'src/widget/lib/sizes.ts': "import type { AvatarSize } from '../components/Avatar';\nexport const SMALL: AvatarSize = 24;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-lib-not-to-components: src/widget/lib/sizes.ts → src/widget/components/Avatar.tsx',
    ]);
  });

  it('fails a widget component that takes a model or the strings as values, not as types', async () => {
    const root = fixture({
      'src/widget/i18n/index.ts': "export type MessageKey = 'RETRY';\nexport const t = (key: MessageKey) => key;\n",
      'src/widget/state/chatMessage.ts': 'export interface ChatMessage { id: number }\n',
      'src/widget/state/messages.ts': 'export const PAGE = 20;\n',
      'src/widget/components/Retry.tsx':
        "import type { MessageKey } from '../i18n';\nimport { t } from '../i18n';\nexport const label = (key: MessageKey) => t(key);\n",
      'src/widget/components/Bubble.tsx':
        "import type { ChatMessage } from '../state/chatMessage';\nimport { PAGE } from '../state/messages';\nexport const page = (m: ChatMessage) => m.id % PAGE;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-components-not-to-state-or-i18n: src/widget/components/Bubble.tsx → src/widget/state/messages.ts',
      'widget-components-not-to-state-or-i18n: src/widget/components/Retry.tsx → src/widget/i18n/index.ts',
    ]);
  });

  it('fails a widget view that builds a model rather than reading the widget’s', async () => {
    const root = fixture({
      'src/widget/state/articles.ts': 'export const createArticlesModel = () => ({});\nexport type ArticlesModel = object;\n',
      'src/widget/state/preChatFlow.ts': 'export const submitPreChat = () => undefined;\n',
      'src/widget/views/HelpCentre.tsx':
        "import { createArticlesModel } from '../state/articles';\nexport const model = createArticlesModel();\n",
      'src/widget/views/Home.tsx':
        "import type { ArticlesModel } from '../state/articles';\nexport const none: ArticlesModel | undefined = undefined;\n",
      'src/widget/views/PreChat.tsx': "import { submitPreChat } from '../state/preChatFlow';\nexport const submit = submitPreChat;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-views-build-no-models: src/widget/views/HelpCentre.tsx → src/widget/state/articles.ts',
    ]);
  });

  it('fails a widget model that imports from realtime, which drives the models one way', async () => {
    const root = fixture({
      'src/widget/realtime/events.ts': 'export type Actions = Record<string, () => void>;\n',
      'src/widget/state/messages.ts': "import type { Actions } from '../realtime/events';\nexport const none: Actions = {};\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-state-not-to-realtime: src/widget/state/messages.ts → src/widget/realtime/events.ts',
    ]);
  });

  it('fails a widget view or component that names a chunk; lazy/ and state/ may', async () => {
    const root = fixture({
      'src/widget/lib/loadOnce.ts': 'export const loadOnce = <T>(load: () => Promise<T>) => ({ load });\n',
      'src/widget/chunks/contents/emojiPicker.ts': 'export const EmojiPicker = () => null;\n',
      'src/widget/chunks/emojiPicker.ts':
        "import { loadOnce } from '../lib/loadOnce';\nexport const emojiPickerChunk = loadOnce(() => import('./contents/emojiPicker'));\n",
      'src/widget/lazy/conversationParts.ts':
        "import { emojiPickerChunk } from '../chunks/emojiPicker';\nexport const picker = emojiPickerChunk;\n",
      'src/widget/state/conversationActions.ts':
        "import type { EmojiPicker } from '../chunks/contents/emojiPicker';\nexport const none: typeof EmojiPicker | undefined = undefined;\n",
      'src/widget/views/Messages.tsx':
        "import { emojiPickerChunk } from '../chunks/emojiPicker';\nimport { picker } from '../lazy/conversationParts';\nexport const parts = [emojiPickerChunk, picker];\n",
      'src/widget/components/Composer.tsx':
        "import type { EmojiPicker } from '../chunks/contents/emojiPicker';\nexport const none: typeof EmojiPicker | undefined = undefined;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-views-and-components-name-no-chunk: src/widget/components/Composer.tsx → src/widget/chunks/contents/emojiPicker.ts',
      'widget-views-and-components-name-no-chunk: src/widget/views/Messages.tsx → src/widget/chunks/emojiPicker.ts',
    ]);
  });

  it("fails a widget module outside chunks/ that loads a lazy module, or reads one's type through import()", async () => {
    const root = fixture({
      'src/widget/lib/loadOnce.ts': 'export const loadOnce = <T>(load: () => Promise<T>) => ({ load });\n',
      'src/widget/views/Messages.tsx': 'export const Messages = () => null;\n',
      'src/widget/chunks/messages.ts':
        "import { loadOnce } from '../lib/loadOnce';\nexport const messagesChunk = loadOnce(() => import('../views/Messages'));\n",
      'src/widget/i18n/index.ts': "export const rest = () => import('./strings');\n",
      'src/widget/i18n/strings.ts': 'export default {};\n',
      'src/widget/routeViews.ts': "export const messages = () => import('./views/Messages');\n",
      'src/widget/state/widget.ts':
        "export interface Deps { view: typeof import('../views/Messages') }\nexport const deps = (d: Deps) => d;\n",
    });
    expect(await violationsIn(root, ['src'])).toEqual([
      'widget-lazy-only-in-chunks: src/widget/routeViews.ts → src/widget/views/Messages.tsx',
      'widget-lazy-only-in-chunks: src/widget/state/widget.ts → src/widget/views/Messages.tsx',
    ]);
  });

  describe("the server's layers", () => {
    // One small server: a route over a service over a presenter, a repository and the db, as the
    // real one stands (docs/architecture.md#the-server).
    const layered = {
      'server/db/database.ts': 'export type Db = { rows: number[] };\nexport const isUniqueViolation = (e: unknown) => e === 1;\n',
      'server/repositories/messages.ts':
        "import type { Db } from '../db/database';\nexport type Message = { id: number };\nexport const findMessage = (db: Db): Message => ({ id: db.rows[0] });\n",
      'server/presenters/message.ts':
        "import type { Message } from '../repositories/messages';\nexport const messageJson = (m: Message) => ({ id: m.id });\n",
      'server/lib/random.ts': 'export const randomToken = () => "t";\n',
      'server/services/agentActions.ts':
        "import type { Db } from '../db/database';\nimport { findMessage } from '../repositories/messages';\nimport { messageJson } from '../presenters/message';\nimport { randomToken } from '../lib/random';\nexport const postAgentMessage = (db: Db) => [messageJson(findMessage(db)), randomToken()];\n",
      'server/routes/messages.ts':
        "import type { Db } from '../db/database';\nimport { findMessage } from '../repositories/messages';\nimport { postAgentMessage } from '../services/agentActions';\nexport const route = (db: Db) => [findMessage(db), postAgentMessage(db)];\n",
      'server/routes/widgetPage.ts':
        'export interface WidgetPageSource { load(): Promise<string> }\nexport const widgetPage = (s: WidgetPageSource) => s.load();\n',
      'server/gateway/gatewayApp.ts':
        "import { widgetPage } from '../routes/widgetPage';\nexport const gateway = () => widgetPage({ load: async () => 'chatwoot' });\n",
      'server/app.ts':
        "import { route } from './routes/messages';\nimport { widgetPage } from './routes/widgetPage';\nexport const app = [route, widgetPage];\n",
      'server/start.ts':
        "import { app } from './app';\nimport { gateway } from './gateway/gatewayApp';\nexport const start = [app, gateway];\n",
    };

    it('passes arrows that point down, skipping a layer included', async () => {
      expect(await violationsIn(fixture(layered), ['server'])).toEqual([]);
    });

    it('fails the db importing a repository (the seed writes through them, so it stands above)', async () => {
      const root = fixture({
        ...layered,
        'server/db/seed.ts': "import { findMessage } from '../repositories/messages';\nexport const seed = findMessage;\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-db-is-the-bottom: server/db/seed.ts → server/repositories/messages.ts',
      ]);
    });

    it('fails a repository that calls a service or pushes to realtime', async () => {
      const root = fixture({
        ...layered,
        'server/realtime/hub.ts': 'export const publish = () => undefined;\n',
        'server/repositories/conversations.ts':
          "import { postAgentMessage } from '../services/agentActions';\nimport { publish } from '../realtime/hub';\nexport const reopen = () => [postAgentMessage, publish];\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-repositories-below-services: server/repositories/conversations.ts → server/realtime/hub.ts',
        'server-repositories-below-services: server/repositories/conversations.ts → server/services/agentActions.ts',
      ]);
    });

    it('fails a presenter that calls a service or a route, or reads a repository rather than taking its type', async () => {
      const root = fixture({
        ...layered,
        'server/presenters/conversation.ts':
          "import { postAgentMessage } from '../services/agentActions';\nimport { route } from '../routes/messages';\nimport { findMessage } from '../repositories/messages';\nexport const conversationJson = () => [postAgentMessage, route, findMessage];\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-presenters-below-services: server/presenters/conversation.ts → server/routes/messages.ts',
        'server-presenters-below-services: server/presenters/conversation.ts → server/services/agentActions.ts',
        'server-presenters-read-nothing: server/presenters/conversation.ts → server/repositories/messages.ts',
      ]);
    });

    it("fails a service that reaches up into the routes (an agent message's effects belong below them)", async () => {
      const root = fixture({
        ...layered,
        'server/services/csat.ts': "import { route } from '../routes/messages';\nexport const survey = route;\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-services-below-routes: server/services/csat.ts → server/routes/messages.ts',
      ]);
    });

    it("fails a route that uses the database's own code; its Db type is fine", async () => {
      const root = fixture({
        ...layered,
        'server/routes/labels.ts':
          "import { isUniqueViolation, type Db } from '../db/database';\nexport const taken = (db: Db, e: unknown) => [db, isUniqueViolation(e)];\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-routes-reach-db-through-repositories: server/routes/labels.ts → server/db/database.ts',
      ]);
    });

    it('fails a leaf that imports a layer, a type included', async () => {
      const root = fixture({
        ...layered,
        'server/observability/activity.ts':
          "import type { Message } from '../repositories/messages';\nexport const wrote = (m: Message) => m.id;\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-leaves-below-layers: server/observability/activity.ts → server/repositories/messages.ts',
      ]);
    });

    it('fails the reference server importing the gateway', async () => {
      const root = fixture({
        ...layered,
        'server/routes/demo.ts': "import { gateway } from '../gateway/gatewayApp';\nexport const demo = gateway;\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-only-start-runs-the-gateway: server/routes/demo.ts → server/gateway/gatewayApp.ts',
      ]);
    });

    it('fails a gateway that reaches a repository through any chain of imports, a shared route included', async () => {
      const root = fixture({
        ...layered,
        'server/routes/widgetPage.ts':
          "import { findMessage } from '../repositories/messages';\nexport const widgetPage = () => findMessage({ rows: [1] });\n",
      });
      expect(await violationsIn(root, ['server'])).toEqual([
        'server-gateway-stores-nothing: server/gateway/gatewayApp.ts → server/db/database.ts',
        'server-gateway-stores-nothing: server/gateway/gatewayApp.ts → server/repositories/messages.ts',
      ]);
    });
  });

  it('finds every arrow of the real tree pointing the right way', async () => {
    expect(await violationsIn(REPO, ['src', 'server', 'packages'])).toEqual([]);
  }, 60_000);
});
