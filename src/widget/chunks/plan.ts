/**
 * The widget's chunk plan, the one table of how its code is split (docs/architecture.md#the-chunk-plan):
 * what the first paint carries beyond what its entry imports, and each lazy chunk, under the one
 * name it has everywhere: its file (`js/widget-<build>/<name>.js`, scripts/buildFolder.mjs), its
 * loader (`chunks/<name>.ts`), its strings (`locales/en.json?<name>`) and its budget.
 *
 * The build reads it (scripts/chunkPlan.mjs) and fails when a lazy chunk it makes is not here or
 * one here is not made; the strings split (scripts/firstPaintStrings.mjs) takes its shares from
 * it; `tests/widget/chunkPlan.test.ts` holds the loaders and `.size-limit.json` to it. The widget
 * never imports it: the table would ride in the first paint.
 *
 * Moving a module into the first paint is a line in `firstPaint.modules`, out of it that line's
 * removal (esbuild then puts it in the chunks that import it); moving a namespace's strings is a
 * line from one `strings` list to another. A budget is a size-limit in KB, brotli, and is never raised.
 */

/** A lazy chunk of the widget. */
export interface LazyChunk {
  /** The module its `import()` names, from the repository's root: the chunk is what it reaches beyond the first paint. */
  readonly entry: string;
  /**
   * The English strings only it shows, namespaces (`EMOJI`) or single keys (`ATTACHMENT.TOO_LARGE`):
   * its share, `locales/en.json?<name>`, which a module of the chunk imports and adds (`addEnglish`).
   */
  readonly strings?: readonly string[];
  /** Its size limit in `.size-limit.json`, KB brotli. */
  readonly budget: number;
  /** Files it fetches itself, measured with it under its budget (the emoji picker's largest locale of emoji names). */
  readonly measuredWith?: readonly string[];
  /** Fetched by every open or the first keystroke: the build warns when it needs a file besides the first paint's. */
  readonly prefetched?: true;
}

export const firstPaint = {
  /**
   * Modules only lazy chunks import, but several of them, carried in the first paint's one script
   * (scripts/firstPaintChunk.mjs): esbuild would give them a shared chunk, a request of its own
   * just before the conversation view can show.
   */
  modules: [
    // The composer: with it the conversation view would pass its 8 KB ceiling, and as a chunk of
    // its own it would be one more request on every open (both are prefetched anyway).
    'src/widget/components/Composer.tsx',
    'src/widget/lib/adoptStyles.ts',
    'src/widget/lib/sanitizeUrl.ts',
    'src/widget/components/messages/attachmentInfo.ts',
    // The e-mail check (one regular expression): the pre-chat form's, the interactive messages'
    // and the transcript's; apart it was a file of its own, imported by all three.
    'src/shared/email.ts',
    // The interactive messages' loader: the conversation view's and its flow's.
    'src/widget/chunks/interactive.ts',
  ],
  /** Namespaces of the strings it shows (the header, availability), besides every key without one. */
  strings: ['HEADER', 'TEAM_AVAILABILITY', 'REPLY_TIME', 'CONNECTION'],
  budget: 23.8,
} as const;

export const lazyChunks = {
  // The conversation view with its windowed history, prefetched once the frame is idle.
  messages: { entry: 'src/widget/views/Messages.tsx', budget: 8, prefetched: true },
  // The connection and its event table: every open.
  realtime: { entry: 'src/widget/chunks/contents/realtime.ts', budget: 1.9, prefetched: true },
  // What the visitor does in the conversation, with the outbox: the first keystroke.
  flow: { entry: 'src/widget/chunks/contents/flow.ts', budget: 2.6, prefetched: true },
  // The rest of English: every string the widget shows that neither the first paint nor a chunk's
  // share carries, fetched before any chunk that shows text (i18n/index.ts, not a loader of chunks/).
  en: { entry: 'locales/en.json?rest', budget: 0.75 },
  interactive: {
    entry: 'src/widget/chunks/contents/interactive.ts',
    // Bots' surveys, calls and forms; the words of a form's checks are `sharedStrings.formRules`.
    strings: [
      'CSAT',
      'VIDEO_CALL.JOIN',
      'VIDEO_CALL.LEAVE',
      'VIDEO_CALL.TITLE',
      'FORM.SUBMIT',
      'FORM.REQUIRED',
      'FORM.EMAIL_PLACEHOLDER',
      'MESSAGE.CARDS',
    ],
    budget: 4.55,
  },
  attachments: {
    entry: 'src/widget/chunks/contents/attachments.ts',
    // A picked file's checks; a sent file's bubble is named by the conversation view.
    strings: ['ATTACHMENT.TOO_LARGE', 'ATTACHMENT.TYPE_NOT_ALLOWED', 'ATTACHMENT.TYPE_REFUSED'],
    budget: 3.3,
  },
  // Over the 8 KB a lazy chunk may weigh: DOMPurify alone is about 10 KB.
  markdown: { entry: 'src/widget/lib/markdown.ts', budget: 14.05 },
  emojiPicker: {
    entry: 'src/widget/chunks/contents/emojiPicker.ts',
    strings: ['EMOJI'],
    budget: 18.15,
    measuredWith: ['emoji-names-hi'],
  },
  // With the away e-mail form, which is built on it.
  preChat: { entry: 'src/widget/views/PreChat.tsx', strings: ['PRECHAT', 'AWAY_FORM'], budget: 7.1 },
  helpCentre: { entry: 'src/widget/chunks/contents/helpCentre.ts', strings: ['PORTAL'], budget: 2.35 },
  conversationEnd: {
    entry: 'src/widget/chunks/contents/conversationEnd.ts',
    strings: ['END_CONVERSATION', 'TRANSCRIPT', 'CONVERSATION.RESOLVED', 'CONVERSATION.START_NEW'],
    budget: 1.8,
  },
  // The campaign's failure to start is the conversation view's (`CAMPAIGN.NOT_STARTED`).
  prompts: { entry: 'src/widget/chunks/contents/prompts.ts', strings: ['UNREAD', 'CAMPAIGN.DISMISS'], budget: 1.25 },
  campaigns: { entry: 'src/widget/chunks/contents/campaigns.ts', budget: 1.4 },
  consent: { entry: 'src/widget/views/Consent.tsx', strings: ['CONSENT'], budget: 1 },
  siteCalls: { entry: 'src/widget/state/siteCalls.ts', budget: 0.8 },
} as const satisfies Record<string, LazyChunk>;

/**
 * Strings several chunks show, carried by the code they share, as `locales/en.json?<name>`: the
 * form checks' words, with the checks in the chunk the pre-chat form and bots' forms share.
 */
export const sharedStrings = {
  formRules: [
    'FORM.URL',
    'FORM.FALLBACK',
    'FORM.MIN',
    'FORM.MAX',
    'FORM.BETWEEN',
    'FORM.MIN_LENGTH',
    'FORM.MAX_LENGTH',
    'FORM.BETWEEN_LENGTH',
  ],
} as const satisfies Record<string, readonly string[]>;
