import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { messageSummary, ReplyToChip, type MessageCallbacks } from '../components/messages';
import { lazyPart } from '../components/LazyPart';
import { Spinner } from '../components/Spinner';
import { TypingIndicator } from '../components/TypingIndicator';
import { intlLocale, locale, t } from '../i18n';
import { FILE_PICKER_ACCEPT } from '../lib/fileAccept';
import { dayLabel, messageTime } from '../lib/dates';
import type { ChatMessage } from '../state/messageMerge';
import { MESSAGE_TYPE } from '../../shared/types';
import { MAX_MESSAGE_LENGTH } from '../../shared/limits';
import { useWidget } from './context';
import { conversationFlow } from '../state/conversationFlow';
import { messageLabels } from './messageLabels';
import { adoptStyles } from '../lib/adoptStyles';
import { loadChunk } from '../lib/loadChunk';
import conversationCss from '../styles/conversation.chunk.css';

// This view is a lazy chunk; its stylesheet travels with it.
adoptStyles(conversationCss);

const ResolvedFooter = lazyPart(() => import('../components/ResolvedFooter').then((m) => m.ResolvedFooter));
// Only when the visitor joins a call.
const VideoCallOverlay = lazyPart(() => import('../components/messages/VideoCallOverlay').then((m) => m.VideoCallOverlay));
// Requested when the visitor first opens the picker, never with the conversation.
const EmojiPicker = lazyPart(() => import('../components/emoji/EmojiPicker').then((m) => m.EmojiPicker));

/** Older history loads when the visitor scrolls this close to the top. */
const LOAD_OLDER_AT_PX = 80;

/** The conversation view: history, live messages, typing indicator and the composer. */
export function Messages() {
  const widget = useWidget();
  const { messages, conversation, channel, composer, app } = widget;
  const flow = conversationFlow(widget.flowDeps);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const [dragging, setDragging] = useState(false);
  const [callUrl, setCallUrl] = useState<string | null>(null);
  const list = messages.list.value;
  const labelsForMessages = messageLabels();
  const useInboxAvatar = channel.enabledFeatures.includes('use_inbox_avatar_for_bot');
  const resolved = conversation.status.value === 'resolved';
  const canAttach = app.canAttach.value;
  const canPickEmoji = app.canPickEmoji.value;

  const pinToBottom = () => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  };
  // Keep the newest message in view as messages arrive and as the space around the list changes
  // (footer, reply bar, phone keyboard), unless the visitor scrolled up to read.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    pinToBottom();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(pinToBottom) : null;
    observer?.observe(el);
    // Content that grows after rendering (a lazy bubble, an image) counts too.
    const content = el.querySelector('.message-list');
    if (content) observer?.observe(content);
    return () => observer?.disconnect();
  }, [list.length, list.at(-1)?.status]);

  useEffect(() => {
    if (!messages.hasFetched.value && !messages.isFetching.value) messages.fetchLatest().catch(() => undefined);
  }, []);

  // Resolving adds the resolved footer (and perhaps a rating) under the list: the last message
  // stays in view rather than ending below the fold.
  useEffect(() => {
    if (!resolved) return;
    // Pinned whatever the scroll events said meanwhile: the composer going and the footer coming
    // move the list under the visitor, which is no reason to stop following it.
    const pin = () =>
      requestAnimationFrame(() => {
        stickToBottom.current = true;
        pinToBottom();
      });
    pin();
    // The footer is a lazy part: pin again once it has rendered and taken its height.
    ResolvedFooter.preload().then(pin);
  }, [resolved]);

  // A quoted message the visitor asked to see (`messages.showMessage`): into view, highlighted,
  // and focused, so a screen reader reads it. Scrolled up, the list stops following new messages.
  const focusRequest = messages.focusRequest.value;
  useEffect(() => {
    const target = focusRequest && scroller.current?.querySelector<HTMLElement>(`[data-message-id="${focusRequest.id}"]`);
    if (!target) return undefined;
    stickToBottom.current = false;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    target.classList.add('bubble-wrap--highlight');
    const timer = setTimeout(() => target.classList.remove('bubble-wrap--highlight'), 2000);
    return () => {
      clearTimeout(timer);
      target.classList.remove('bubble-wrap--highlight');
    };
  }, [focusRequest]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < LOAD_OLDER_AT_PX && !messages.isFetching.value && !messages.allLoaded.value) {
      // Keep the visitor's place: what they were reading stays put as older messages arrive above.
      const fromBottom = el.scrollHeight - el.scrollTop;
      messages.fetchOlder().then(
        () => requestAnimationFrame(() => (el.scrollTop = el.scrollHeight - fromBottom)),
        () => undefined,
      );
    }
  };

  const senderOf = (message: ChatMessage) => {
    const sender = message.sender;
    if (sender && sender.type !== 'contact')
      return { name: ('available_name' in sender && sender.available_name) || sender.name, avatarUrl: sender.avatar_url || undefined };
    return useInboxAvatar ? { name: channel.websiteName, avatarUrl: channel.avatarUrl } : { name: t('SENDER.BOT') };
  };
  const nameOf = (message: ChatMessage) => (message.message_type === MESSAGE_TYPE.incoming ? t('SENDER.YOU') : senderOf(message).name);

  const quotedOf = (message: ChatMessage) => {
    const id = message.content_attributes?.in_reply_to;
    if (typeof id !== 'number') return null;
    const quoted = messages.map.value.get(id);
    const onSelect = async () => {
      const shown = await loadChunk(() => import('../state/showMessage')).then(
        (m) => m.showMessage(messages, id),
        () => false,
      );
      if (!shown) widget.showBanner(t('REPLY.NOT_FOUND'));
    };
    // Older than what is loaded: the chip still leads to it.
    return quoted
      ? { sender: nameOf(quoted), summary: messageSummary(quoted, labelsForMessages), onSelect }
      : { sender: '', summary: t('REPLY.GO_TO'), onSelect };
  };

  const sendFiles = async (files: File[]) => {
    const refused = await flow.sendFiles(files).catch(() => null);
    if (!refused) return widget.showBanner(t('CHUNK_ERROR'));
    const [first] = refused;
    if (!first) return;
    widget.showBanner(
      first.problem === 'too_large'
        ? t('ATTACHMENT.TOO_LARGE', { MAXIMUM_FILE_UPLOAD_SIZE: `${widget.globalConfig.MAXIMUM_FILE_UPLOAD_SIZE} MB` })
        : t('ATTACHMENT.TYPE_NOT_ALLOWED'),
    );
  };

  const callbacks: MessageCallbacks = {
    onFormSubmit: (message, values) => flow.respond(message, { kind: 'submitted_values', values }),
    onOptionSelect: (message, option) => flow.respond(message, { kind: 'submitted_values', values: [option] }),
    onEmailSubmit: (message, email) => flow.respond(message, { kind: 'email', email }),
    onCsatSubmit: (message, response) => flow.respond(message, { kind: 'submitted_values', values: { csat_survey_response: response } }),
    onPostback: (payload) => flow.postback(payload),
    onJoinCall: async (message) => {
      const url = await flow.videoCallUrl(message);
      if (url) setCallUrl(url);
      else widget.showBanner(t('VIDEO_CALL.ERROR'));
    },
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) sendFiles(files);
  };

  const emojiPicker = (insert: (emoji: string) => void, close: () => void) => (
    <EmojiPicker
      locale={locale.value}
      t={t}
      loadChunk={loadChunk}
      onPick={insert}
      onClose={close}
      errorLabels={{ failed: t('CHUNK_ERROR'), retry: t('RETRY') }}
    />
  );

  const replyTo = composer.replyTo.value;
  const showComposer = !resolved || channel.allowMessagesAfterResolved !== false;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the attach button is the accessible way
    <div
      className="messages"
      onDragOver={
        canAttach
          ? (event) => {
              event.preventDefault();
              setDragging(true);
            }
          : undefined
      }
      onDragLeave={(event) => event.currentTarget === event.target && setDragging(false)}
      onDrop={canAttach ? onDrop : undefined}
    >
      <div className="messages__scroller" ref={scroller} onScroll={onScroll}>
        {messages.isFetching.value && list.length > 0 && !stickToBottom.current && <Spinner label={t('CONVERSATION.LOADING_OLDER')} />}
        {list.length === 0 && messages.isFetching.value ? (
          <Spinner label={t('LOADING')} />
        ) : (
          <MessageList
            messages={list}
            labels={{
              conversation: t('MESSAGE.LIST'),
              you: t('SENDER.YOU'),
              bot: t('SENDER.BOT'),
              failed: t('MESSAGE.FAILED'),
              retry: t('MESSAGE.RETRY'),
              sending: t('MESSAGE.SENDING'),
              reply: t('REPLY.ACTION'),
              delivery: { sent: t('MESSAGE.SENT'), delivered: t('MESSAGE.DELIVERED'), read: t('MESSAGE.READ') },
              time: (createdAt) => messageTime(createdAt, intlLocale.value),
              goToQuoted: t('REPLY.GO_TO'),
            }}
            messageLabels={labelsForMessages}
            callbacks={callbacks}
            senderOf={senderOf}
            quotedOf={quotedOf}
            dayLabel={(createdAt) => dayLabel(createdAt, { today: t('DATE.TODAY'), yesterday: t('DATE.YESTERDAY') }, intlLocale.value)}
            onRetry={(id) => flow.retry(id)}
            onReply={resolved ? undefined : (message) => composer.quote(message)}
          />
        )}
        <TypingIndicator
          isTyping={conversation.isAgentTyping}
          typist={conversation.typist}
          label={(name) => t('AGENT_TYPING', { name })}
          onShow={pinToBottom}
        />
      </div>
      {resolved && (
        <ResolvedFooter
          labels={{
            resolved: t('CONVERSATION.RESOLVED'),
            startNew: t('START_NEW_CONVERSATION'),
            requestTranscript: t('TRANSCRIPT.REQUEST'),
            email: t('TRANSCRIPT.EMAIL'),
            send: t('TRANSCRIPT.SEND'),
            success: t('TRANSCRIPT.SUCCESS'),
            error: t('TRANSCRIPT.ERROR'),
            invalidEmail: t('FORM.INVALID_EMAIL'),
          }}
          hasEmail={!!widget.contact.contact.value?.has_email}
          onStartNew={() => flow.startNewConversation()}
          onRequestTranscript={(email) => flow.requestTranscript(email)}
          errorLabels={{ failed: t('CHUNK_ERROR'), retry: t('RETRY') }}
        />
      )}
      {showComposer && !resolved && replyTo && (
        <ReplyToChip
          sender={nameOf(replyTo)}
          summary={messageSummary(replyTo, labelsForMessages)}
          labels={labelsForMessages}
          onRemove={() => composer.quote(null)}
        />
      )}
      {showComposer && !resolved && (
        <Composer
          maxLength={MAX_MESSAGE_LENGTH}
          labels={{ placeholder: t('COMPOSER.PLACEHOLDER'), send: t('COMPOSER.SEND'), attach: t('ATTACHMENT.ADD') }}
          onSend={(text) => {
            // Sending while scrolled up to read: the conversation follows the new message.
            stickToBottom.current = true;
            flow.sendMessage(text);
          }}
          draft={composer.draft.value}
          onDraftTaken={() => composer.prefill(null)}
          onInput={(text) => composer.onInput(text)}
          onBlur={() => composer.stopTyping()}
          attachments={canAttach ? { accept: FILE_PICKER_ACCEPT, onFiles: sendFiles } : undefined}
          autoFocus={app.isWidgetOpen.value}
          emoji={canPickEmoji ? { label: t('EMOJI.OPEN'), picker: emojiPicker } : undefined}
        />
      )}
      {dragging && <div className="drop-zone">{t('ATTACHMENT.DROP')}</div>}
      {callUrl && (
        <VideoCallOverlay
          url={callUrl}
          labels={labelsForMessages}
          onLeave={() => setCallUrl(null)}
          errorLabels={{ failed: t('CHUNK_ERROR'), retry: t('RETRY') }}
        />
      )}
    </div>
  );
}
