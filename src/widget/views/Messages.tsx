import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { MessageList, type MessageListProps } from '../components/MessageList';
import { messageSummary, ReplyToChip, type MessageCallbacks } from '../components/messages';
import { Composer } from '../components/Composer';
import { RetryNotice } from '../components/RetryNotice';
import { Spinner } from '../components/Spinner';
import { TypingIndicator } from '../components/TypingIndicator';
import { intlLocale, locale, t } from '../i18n';
import { filePickerAccept } from '../lib/fileAccept';
import { frameStorage } from '../lib/frameStorage';
import { keepRating, keptRating } from '../lib/keptRatings';
import { dayLabel, messageTime } from '../lib/dates';
import type { ChatMessage } from '../state/chatMessage';
import { MESSAGE_TYPE } from '../../shared/types';
import { MAX_MESSAGE_LENGTH } from '../../shared/limits';
import { useWidget } from '../widgetContext';
import { messageLabels } from '../i18n/messageLabels';
import { adoptStyles } from '../lib/adoptStyles';
import { createConversationActions } from '../state/conversationActions';
import { EmojiPicker, ResolvedConversation, VideoCall } from '../lazy/conversationParts';
import conversationCss from '../styles/conversation.chunk.css';

// This view is a lazy chunk; its stylesheet travels with it.
adoptStyles(conversationCss);

/**
 * The conversation view: history, live messages, typing indicator and the composer, usable at once.
 * What the visitor does here is the widget's `actions` (`state/conversationActions.ts`): its code is
 * fetched on their intent to act, the first input in the composer or an action, which waits for it.
 */
export function Messages() {
  const widget = useWidget();
  const { messages, conversation, channel, composer, app } = widget;
  const actions = useMemo(() => createConversationActions(widget), []);
  const [dragging, setDragging] = useState(false);
  const [callUrl, setCallUrl] = useState<string | null>(null);
  // Only whether there is anything to show: the list itself is read by MessageList, so a new
  // message does not re-render this view (composer, footer) at all. A clicked campaign's
  // conversation on its way counts as loading; one that did not start says so.
  const empty = !widget.hasMessages.value;
  const firstLoad = empty && (messages.isFetching.value || widget.campaigns.starting.value);
  const campaignFailed = empty && !!widget.campaigns.failed.value;
  const labelsForMessages = messageLabels();
  const useInboxAvatar = channel.enabledFeatures.includes('use_inbox_avatar_for_bot');
  const resolved = conversation.status.value === 'resolved';
  // The inbox's `allowMessagesAfterResolved` (Chatwoot's default: on): a resolved conversation
  // still takes the visitor's messages, and the first one reopens it (docs/behaviour.md#conversation-status).
  const canWrite = !resolved || channel.allowMessagesAfterResolved !== false;
  // A new conversation starts with a text (`POST /conversations` takes no file), as in Chatwoot.
  const canAttach = app.canAttach.value && !conversation.afresh.value;
  // The inbox (or the site) turned files off: a drop or paste is told so rather than ignored.
  const filesOff = !app.canAttach.value;
  const refuseFiles = () => widget.showBanner(t('ATTACHMENT.OFF'));
  const canPickEmoji = app.canPickEmoji.value;

  useEffect(() => {
    if (!messages.hasFetched.value && !messages.isFetching.value) messages.fetchLatest().catch(() => undefined);
  }, []);

  const senderOf = (message: ChatMessage) => {
    const sender = message.sender;
    if (sender && sender.type !== 'contact')
      return { name: ('available_name' in sender && sender.available_name) || sender.name, avatarUrl: sender.avatar_url || undefined };
    return useInboxAvatar ? { name: channel.websiteName, avatarUrl: channel.avatarUrl } : { name: t('SENDER.BOT') };
  };
  const nameOf = (message: ChatMessage) => (message.message_type === MESSAGE_TYPE.incoming ? t('SENDER.YOU') : senderOf(message).name);

  // Built once per language and resolved state: the list's rows compare these by identity, so a
  // re-render of this view (a reply being quoted, a banner) re-renders no message.
  const listProps = useMemo<MessageListProps>(() => {
    const callbacks: MessageCallbacks = {
      onFormSubmit: (message, values) => actions.respond(message, { kind: 'submitted_values', values }),
      onOptionSelect: (message, option) => actions.respond(message, { kind: 'submitted_values', values: [option] }),
      onEmailSubmit: (message, email) => actions.respond(message, { kind: 'email', email }),
      // A rating chosen and not sent stays chosen: in the page, and beyond it where the visitor's
      // consent lets the widget store (lib/keptRatings.ts), until Submit sends it.
      onCsatChoose: (message, rating) => {
        messages.patch(message.id, { chosenRating: rating });
        keepRating(frameStorage(app), message.id, rating);
      },
      chosenRating: (message) => message.chosenRating ?? keptRating(frameStorage(app), message.id),
      onCsatSubmit: (message, response) =>
        actions.respond(message, { kind: 'submitted_values', values: { csat_survey_response: response } }),
      onPostback: actions.postback,
      onJoinCall: async (message) => {
        const url = await actions.videoCallUrl(message);
        if (url) setCallUrl(url);
        else widget.showBanner(t('VIDEO_CALL.ERROR'));
      },
    };
    return {
      messages: messages.list,
      labels: {
        conversation: t('MESSAGE.LIST'),
        you: t('SENDER.YOU'),
        bot: t('SENDER.BOT'),
        failed: t('MESSAGE.FAILED'),
        retry: t('MESSAGE.RETRY'),
        sending: t('MESSAGE.SENDING'),
        waiting: t('MESSAGE.WAITING'),
        refused: { refused: t('MESSAGE.REFUSED'), session: t('MESSAGE.REFUSED_SESSION') },
        reply: t('REPLY.ACTION'),
        delivery: { sent: t('MESSAGE.SENT'), delivered: t('MESSAGE.DELIVERED'), read: t('MESSAGE.READ') },
        time: (createdAt) => messageTime(createdAt, intlLocale.value),
        goToQuoted: t('REPLY.GO_TO'),
        loadingOlder: t('CONVERSATION.LOADING_OLDER'),
      },
      messageLabels: labelsForMessages,
      callbacks,
      senderOf,
      quoted: (id) => messages.map.value.get(id),
      // Older than the history held: fetched up to it, then focused.
      onQuoteSelect: (id) => actions.showMessage(id).then((found) => found === false && widget.showBanner(t('REPLY.NOT_FOUND'))),
      focus: messages.focusRequest,
      dayLabel: (createdAt) => dayLabel(createdAt, { today: t('DATE.TODAY'), yesterday: t('DATE.YESTERDAY') }, intlLocale.value),
      onRetry: actions.retry,
      onReply: canWrite ? (message) => composer.quote(message) : undefined,
      loadOlder: messages.fetchOlder,
      children: (
        <TypingIndicator
          isTyping={conversation.isAgentTyping}
          typist={conversation.typist}
          label={(name) => t('CONVERSATION.AGENT_TYPING', { name })}
        />
      ),
    };
  }, [locale.value, canWrite, useInboxAvatar]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) canAttach ? actions.attach(files) : refuseFiles();
  };

  const emojiPicker = (insert: (emoji: string) => void) => (
    <EmojiPicker locale={locale.value} intlLocale={intlLocale.value} t={t} onPick={insert} storage={frameStorage(app)} />
  );

  const replyTo = composer.replyTo.value;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the attach button is the accessible way
    <div
      className="messages"
      onDragOver={
        canAttach || filesOff
          ? (event) => {
              // Taken here, so a file dropped where files are off is refused, not opened in the frame.
              event.preventDefault();
              setDragging(canAttach);
            }
          : undefined
      }
      onDragLeave={(event) => event.currentTarget === event.target && setDragging(false)}
      onDrop={canAttach || filesOff ? onDrop : undefined}
    >
      {firstLoad ? (
        <div className="messages__scroller">
          <Spinner label={t('LOADING')} />
        </div>
      ) : (
        <MessageList {...listProps} />
      )}
      {resolved && <ResolvedConversation actions={actions} canWrite={canWrite} />}
      {campaignFailed && (
        <RetryNotice labels={{ failed: t('CAMPAIGN.NOT_STARTED'), retry: t('RETRY') }} onRetry={() => widget.retryCampaign()} />
      )}
      {canWrite && replyTo && (
        <ReplyToChip
          sender={nameOf(replyTo)}
          summary={messageSummary(replyTo, labelsForMessages)}
          labels={labelsForMessages}
          onRemove={() => composer.quote(null)}
        />
      )}
      {canWrite && (
        <Composer
          maxLength={MAX_MESSAGE_LENGTH}
          labels={{
            placeholder: t('COMPOSER.PLACEHOLDER'),
            send: t('COMPOSER.SEND'),
            attach: t('ATTACHMENT.ADD'),
            limit: (left) => {
              const number = (n: number) => n.toLocaleString(intlLocale.value);
              const counts = { count: number(Math.abs(left)), limit: number(MAX_MESSAGE_LENGTH) };
              return left < 0 ? t('COMPOSER.TOO_LONG', counts) : t('COMPOSER.CHARACTERS_LEFT', counts);
            },
          }}
          // Sent before the flow is here, the text waits in the box for it, and stays there should it fail.
          onSend={actions.send}
          draft={composer.draft.value}
          // The site's text in the box (`showNewMessage`) is a message about to be sent: its flow is fetched too.
          onDraftTaken={() => {
            actions.prepare();
            composer.prefill(null);
          }}
          onInput={(text) => {
            actions.prepare();
            composer.onInput(text);
          }}
          onBlur={() => composer.stopTyping()}
          attachments={canAttach ? { accept: filePickerAccept(channel.fileRules), onFiles: actions.attach } : undefined}
          onFilesRefused={filesOff ? refuseFiles : undefined}
          autoFocus={app.isWidgetOpen.value}
          emoji={canPickEmoji ? { label: t('COMPOSER.EMOJI'), picker: emojiPicker } : undefined}
        />
      )}
      {dragging && <div className="drop-zone">{t('ATTACHMENT.DROP')}</div>}
      {callUrl && <VideoCall url={callUrl} onLeave={() => setCallUrl(null)} />}
    </div>
  );
}
