import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';
import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage } from '../state/chatMessage';
import { dayKey } from '../lib/dates';
import { memo } from '../lib/memo';
import { anchorOf, INITIAL_ROWS, nextMessageWindow, windowAround, type MessageWindow, type RowBox } from '../lib/messageWindow';
import { Avatar } from './Avatar';
import { MessageBubble, type BubbleLabels } from './MessageBubble';
import { Spinner } from './Spinner';
import { ActivityMessage, messageKind, messageSummary, type MessageCallbacks, type MessageLabels } from './messages';

type Id = ChatMessage['id'];

export interface MessageListProps {
  /** The conversation in display order. Read here, so a new message re-renders the list, not the view. */
  messages: ReadonlySignal<readonly ChatMessage[]>;
  labels: BubbleLabels & { conversation: string; you: string; bot: string; loadingOlder: string };
  /** The date separator's text for a message's timestamp ('Today', 'Yesterday', a date). */
  dayLabel(createdAt: number): string;
  /** Agent name and avatar for a message, with the bot policy applied by the caller. */
  senderOf(message: ChatMessage): { name: string; avatarUrl?: string };
  onRetry?(id: string): void;
  messageLabels?: MessageLabels;
  callbacks?: MessageCallbacks;
  /** The message a reply quotes, when it is held (it may read signals: history may bring it later). */
  quoted?(id: number): ChatMessage | undefined;
  /** A chosen quote whose message is not held: bring it in (older history), then ask `focus` to show it. */
  onQuoteSelect?(id: number): void;
  /** A message to bring into view, highlighted and focused (`messages.focusRequest`). */
  focus?: ReadonlySignal<{ id: number } | null>;
  onReply?(message: ChatMessage): void;
  /** Older history from the server, `byVisitor` after their own scroll; nothing when there is none to fetch. */
  loadOlder?(byVisitor: boolean): Promise<unknown> | undefined;
  /** Under the messages, in the same scroller (the typing indicator). */
  children?: ReactNode;
}

/** What rows share: the list's props, and what a message is called in one line. */
type Shared = Pick<MessageListProps, 'labels' | 'senderOf' | 'messageLabels' | 'callbacks' | 'onRetry' | 'onReply'> & {
  nameOf(message: ChatMessage): string;
  summary(message: ChatMessage): string;
  /** A reply's quote was chosen. */
  select(id: number): void;
};

interface RowProps {
  message: ChatMessage;
  /** The date separator above it, on the first message of a day. */
  day?: string;
  /** Same sender as the message above: no name again (the avatar shows by the group's last). */
  grouped: boolean;
  /** The id of the message it replies to, and that message when it is held. */
  replyTo?: number;
  quoted?: ChatMessage;
  shared: Shared;
}

/**
 * One message with its date separator. Memoised: a new message, a status change or a typing
 * event renders only the rows whose props changed (docs/architecture.md#long-conversations).
 */
const MessageRow = memo(function MessageRow({ message, day, grouped, replyTo, quoted, shared }: RowProps) {
  const separator = day && (
    <div className="date-separator" role="separator">
      <span>{day}</span>
    </div>
  );
  if (messageKind(message) === 'activity')
    return (
      <>
        {separator}
        <ActivityMessage content={message.content ?? ''} />
      </>
    );
  const fromVisitor = message.message_type === MESSAGE_TYPE.incoming;
  const sender = fromVisitor ? { name: shared.labels.you } : shared.senderOf(message);
  return (
    <>
      {separator}
      <div
        className={`message-row ${fromVisitor ? 'message-row--visitor' : 'message-row--agent'}${grouped ? ' message-row--grouped' : ''}`}
      >
        <div className="message-row__body">
          {!grouped && <span className="message-row__sender">{sender.name}</span>}
          <MessageBubble
            message={message}
            labels={shared.labels}
            messageLabels={shared.messageLabels}
            callbacks={shared.callbacks}
            quoted={
              replyTo === undefined
                ? null
                : {
                    // Older than what is held: the chip still leads to it.
                    sender: quoted ? shared.nameOf(quoted) : '',
                    summary: quoted ? shared.summary(quoted) : (shared.labels.goToQuoted ?? ''),
                    onSelect: () => shared.select(replyTo),
                  }
            }
            onRetry={shared.onRetry}
            onReply={shared.onReply}
            // On every row of the group, shown only on its last, where its time is
            // (conversation.chunk.css): a message joining the group renders its own row alone.
            avatar={!fromVisitor && <Avatar name={sender.name} src={sender.avatarUrl} size={24} />}
          />
        </div>
      </div>
    </>
  );
});

/**
 * One row per message, whatever the list is given: the messages model holds each message once,
 * and a second entry would be a second row (docs/behaviour.md#delivery). An id already
 * listed is left out, and so is a local copy whose stored message, carrying its `echo_id`, is there.
 */
function oneRowEach(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const seen = new Set<unknown>(messages.map((message) => typeof message.id === 'number' && message.echo_id));
  return messages.filter((message) => !seen.has(message.id) && seen.add(message.id));
}

/** What the list remembers between renders without rendering again. */
interface Memory extends MessageWindow {
  list: readonly ChatMessage[];
  /** Following the newest message: at the bottom of a window that ends with it. */
  stuck: boolean;
  /** The first visible message and its distance from the viewport's top. */
  anchor?: { id: Id; top: number };
  /** A quoted message to bring into view. */
  target?: Id;
  newest?: Id;
  /** The scroller's height as the resize observer last saw it, and whether the visitor then followed the newest. */
  height?: number;
  following?: boolean;
  /** The other side's messages, as of the last render (unset before the first). */
  heard?: Set<Id>;
  /** The messages whose send has failed, as of the last render (unset before the first). */
  failed?: Set<Id>;
  older?: 'loading' | 'failed';
}

/**
 * The conversation: messages grouped by day under separators, consecutive messages from one
 * sender grouped under one name and avatar. It is a live log, so screen readers announce new
 * messages as they arrive.
 *
 * Only a window of it is in the DOM, about a viewport above and below what the visitor sees
 * (`lib/messageWindow.ts`), so 2,000 messages cost what 50 do. Scrolling moves the window a step
 * at a time, keeping the first visible message where it was; near the oldest message held it asks
 * for older history. At the bottom it follows new messages.
 */
export function MessageList(props: MessageListProps) {
  const { messages, labels, dayLabel, quoted, focus } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const log = useRef<HTMLDivElement>(null);
  // The window by the ids at its ends (`to` unset: up to the newest), so history merged above
  // or messages appended below do not move it.
  const [win, setWin] = useState<{ from?: Id; to?: Id }>({});
  const [loadingOlder, setLoadingOlder] = useState(false);
  // What screen readers are told (docs/accessibility.md#what-a-screen-reader-hears): the log is
  // not a live region, since its rows re-render (markdown arriving, a send stored, history
  // loaded above) and a live log would read them again; this one status says each new message
  // from the other side once, and a send that failed.
  const [announcement, setAnnouncement] = useState('');
  const my = useRef({ stuck: true } as Memory).current;

  const list = oneRowEach(messages.value);
  const indexOf = (id?: Id) => list.findIndex((m) => m.id === id);
  const end = win.to === undefined ? list.length : indexOf(win.to) + 1 || list.length;
  let start = indexOf(win.from);
  if (start < 0 || start >= end) start = Math.max(0, end - INITIAL_ROWS);
  Object.assign(my, { start, end, list });
  const attached = () => my.end === my.list.length;
  const moveTo = ({ start, end }: MessageWindow) =>
    setWin({ from: my.list[start]?.id, to: end < my.list.length ? my.list[end - 1].id : undefined });

  /**
   * After a render, a resize or a scroll: puts the quoted message in view, follows the newest,
   * or keeps the anchor where it was (`restore`, not after the visitor's own scroll); then
   * moves the window and asks for older history as `nextMessageWindow` says.
   */
  const settle = (restore: boolean) => {
    const el = scroller.current;
    if (!el?.clientHeight) return;
    const origin = el.getBoundingClientRect().top;
    const rows = [...(log.current?.children ?? [])].filter((row) => row.getAttribute('role') !== 'separator') as HTMLElement[];
    const boxes: (RowBox & { row: HTMLElement; id: Id })[] = rows.map((row, i) => {
      const { top, bottom } = row.getBoundingClientRect();
      return { row, id: my.list[my.start + i].id, top: top - origin, bottom: bottom - origin };
    });
    const find = (id?: Id) => boxes.find((box) => box.id === id);
    const before = el.scrollTop;
    const target = find(my.target);
    if (target) {
      my.target = undefined;
      // The quoted message in the middle of the viewport, highlighted and focused (its bubble
      // takes focus: tabIndex -1 in MessageBubble), so a screen reader reads it.
      el.scrollTop += target.top - (el.clientHeight - target.row.offsetHeight) / 2;
      const bubble = target.row.querySelector<HTMLElement>('.bubble-wrap') ?? target.row;
      bubble.tabIndex = -1;
      bubble.focus({ preventScroll: true });
      bubble.classList.add('bubble-wrap--highlight');
      setTimeout(() => bubble.classList.remove('bubble-wrap--highlight'), 2000);
    } else if (my.stuck && attached()) el.scrollTop = el.scrollHeight;
    else if (restore && my.anchor) {
      // Written only when it moved: any write stops a smooth scroll (wheel, keys) under way.
      const drift = (find(my.anchor.id)?.top ?? my.anchor.top) - my.anchor.top;
      if (Math.abs(drift) >= 0.5) el.scrollTop += drift;
    }
    const moved = el.scrollTop - before;
    for (const box of boxes) {
      box.top -= moved;
      box.bottom -= moved;
    }
    // A restore the scroll range could not hold (older messages merged above took the first
    // message's date separator away while the visitor is at the very top) keeps its anchor for the
    // next render, which brings those messages into view above it. Not after a jump: the place
    // to keep is the quoted message's now.
    const short = !target && restore && my.anchor && Math.abs((find(my.anchor.id)?.top ?? my.anchor.top) - my.anchor.top) > 1;
    const anchor = anchorOf(boxes);
    if (!short) my.anchor = anchor ? { id: boxes[anchor.index].id, top: anchor.top } : undefined;
    const { window: next, older } = nextMessageWindow(my, my.list.length, boxes, el.clientHeight);
    if (next !== my) {
      // A focused control in a row about to go: the log takes focus, so keyboard scrolling goes on.
      if (boxes.some(({ row }, i) => (i < next.start - my.start || i >= next.end - my.start) && row.contains(document.activeElement)))
        log.current?.focus({ preventScroll: true });
      moveTo(next);
    }
    // The visitor's scroll, away from the newest: a list that cannot scroll (one that stopped
    // overflowing as it settled) still gets scroll events, at the bottom.
    const pending = older && !my.older && props.loadOlder?.(!restore && !my.stuck);
    if (pending) {
      my.older = 'loading';
      setLoadingOlder(true);
      const done = (state?: 'failed') => () => {
        my.older = state;
        setLoadingOlder(false);
      };
      pending.then(done(), done('failed'));
    }
  };

  useLayoutEffect(() => {
    // A new message at the end: the visitor's own send (a local id until stored) brings them back
    // to the newest message, also when they had scrolled up to read.
    const newest = list[list.length - 1];
    if (my.newest !== undefined && newest && newest.id !== my.newest && typeof newest.id === 'string') {
      my.stuck = true;
      if (!attached()) setWin({});
    }
    my.newest = newest?.id;
    // Another's new message is announced, wherever the visitor is reading: the latest of theirs,
    // when the list did not hold it before (history loaded above changes nothing). Not the list's
    // last row: a failed send of the visitor's, never stored, sorts below one sent the same second.
    const others = list.filter((message) => message.message_type !== MESSAGE_TYPE.incoming);
    const latest = others[others.length - 1];
    if (my.heard && latest && !my.heard.has(latest.id)) setAnnouncement(`${shared.nameOf(latest)}: ${shared.summary(latest)}`);
    my.heard = new Set(others.map((message) => message.id));
    // A send that has just failed (again, after a retry), said with why.
    const failed = list.filter((message) => message.status === 'failed');
    const fresh = my.failed && failed.find((message) => !my.failed?.has(message.id));
    my.failed = new Set(failed.map((message) => message.id));
    if (fresh) setAnnouncement([labels.failed, fresh.meta?.error && labels.refused?.[fresh.meta.error]].filter(Boolean).join(' '));
    settle(true);
  });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    // Content that grows after rendering (a lazy bubble, an image, the typing dots) and a
    // viewport that changes (footer, reply bar, phone keyboard) count too.
    // A viewport that shrank under a visitor following the newest (the resolved footer arriving)
    // keeps them there, whatever scroll the shrink itself caused.
    my.height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight < (my.height ?? 0) && my.following) my.stuck = true;
      my.height = el.clientHeight;
      settle(true);
      my.following = my.stuck;
    });
    observer.observe(el);
    observer.observe(el.firstElementChild as Element);
    return () => observer.disconnect();
  }, []);

  // Rows compare it by identity: it changes only with what it holds, not with each render of the view.
  const { senderOf, messageLabels, callbacks, onRetry, onReply, onQuoteSelect } = props;
  const shared = useMemo<Shared>(
    () => ({
      labels,
      senderOf,
      messageLabels,
      callbacks,
      onRetry,
      onReply,
      nameOf: (m) => (m.message_type === MESSAGE_TYPE.incoming ? labels.you : senderOf(m).name),
      summary: (m) => (messageLabels ? messageSummary(m, messageLabels) : (m.content ?? '')),
      // A reply's quote: a held message is shown at once; one older than the history held is the
      // caller's to bring in, which then asks `focus` to show it.
      select: (id) => (jump(id) ? undefined : onQuoteSelect?.(id)),
    }),
    [labels, senderOf, messageLabels, callbacks, onRetry, onReply, onQuoteSelect],
  );

  /** Moves the window to a message, which may be far above it, to show it once rendered; false when it is not held. */
  function jump(id: Id): boolean {
    const index = my.list.findIndex((m) => m.id === id);
    if (index < 0) return false;
    my.target = id;
    my.stuck = false;
    moveTo(windowAround(index, my.list.length));
    return true;
  }

  const request = focus?.value;
  useLayoutEffect(() => {
    if (request) jump(request.id);
  }, [request]);

  return (
    <div
      className="messages__scroller"
      ref={scroller}
      onScroll={() => {
        const el = scroller.current as HTMLDivElement;
        my.stuck = attached() && el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        // The visitor's own scroll, not one a shrinking viewport caused (the observer sees that first).
        if (el.clientHeight === my.height) my.following = my.stuck;
        if (my.older === 'failed') my.older = undefined;
        settle(false);
      }}
    >
      <div>
        {loadingOlder && (
          <div className="message-list__older">
            <Spinner label={labels.loadingOlder} />
          </div>
        )}
        <div
          className="message-list"
          role="log"
          aria-live="off"
          aria-label={labels.conversation}
          tabIndex={-1}
          ref={log}
          // End is the keyboard's "newest message", also when the window holds only older ones.
          onKeyDown={(event) => {
            if (event.key !== 'End' || attached()) return;
            event.preventDefault();
            my.stuck = true;
            setWin({});
          }}
        >
          {list.slice(start, end).map((message, i) => {
            const previous = list[start + i - 1];
            const newDay = !previous || dayKey(previous.created_at) !== dayKey(message.created_at);
            const inReplyTo = message.content_attributes?.in_reply_to;
            return (
              <MessageRow
                key={message.id}
                message={message}
                day={newDay ? dayLabel(message.created_at) : undefined}
                grouped={!newDay && previous.message_type === message.message_type && shared.nameOf(previous) === shared.nameOf(message)}
                replyTo={typeof inReplyTo === 'number' ? inReplyTo : undefined}
                quoted={typeof inReplyTo === 'number' ? quoted?.(inReplyTo) : undefined}
                shared={shared}
              />
            );
          })}
        </div>
        {props.children}
      </div>
      <p className="visually-hidden" role="status">
        {/* No text node until there is something to say: an empty one rewritten on a re-render
            reaches the live region as a change, and the next message would be read twice. */}
        {announcement || null}
      </p>
    </div>
  );
}
