import { useEffect, useLayoutEffect, useRef } from 'react';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { Spinner } from '../components/Spinner';
import { direction, locale, t } from '../i18n';
import { dayLabel } from '../lib/dates';
import type { ChatMessage } from '../state/messageMerge';
import { MAX_MESSAGE_LENGTH } from '../state/messages';
import { useWidget } from './context';

/** The conversation view: history, live messages, typing indicator and the composer. */
export function Messages() {
  const widget = useWidget();
  const { messages, conversation, channel } = widget;
  const scroller = useRef<HTMLDivElement>(null);
  const list = messages.list.value;
  const useInboxAvatar = channel.enabledFeatures.includes('use_inbox_avatar_for_bot');

  // Keep the newest message in view as messages arrive.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [list.length, conversation.isAgentTyping.value]);

  useEffect(() => {
    if (!messages.hasFetched.value && !messages.isFetching.value) messages.fetchLatest().catch(() => undefined);
  }, []);

  const senderOf = (message: ChatMessage) => {
    const sender = message.sender;
    if (sender && sender.type !== 'contact') return { name: ('available_name' in sender && sender.available_name) || sender.name, avatarUrl: sender.avatar_url || undefined };
    return useInboxAvatar ? { name: channel.websiteName, avatarUrl: channel.avatarUrl } : { name: t('SENDER.BOT') };
  };

  const labels = {
    conversation: t('MESSAGE.LIST'),
    you: t('SENDER.YOU'),
    bot: t('SENDER.BOT'),
    failed: t('MESSAGE.FAILED'),
    retry: t('MESSAGE.RETRY'),
    sending: t('MESSAGE.SENDING'),
  };

  return (
    <div className="messages" dir={direction.value}>
      <div className="messages__scroller" ref={scroller}>
        {list.length === 0 && messages.isFetching.value ? (
          <Spinner label={t('LOADING')} />
        ) : (
          <MessageList
            messages={list}
            labels={labels}
            senderOf={senderOf}
            dayLabel={(createdAt) => dayLabel(createdAt, { today: t('DATE.TODAY'), yesterday: t('DATE.YESTERDAY') }, locale.value)}
            onRetry={(id) => widget.flow.retry(id)}
          />
        )}
        {conversation.isAgentTyping.value && (
          <div className="typing" role="status">
            <span className="typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">{t('AGENT_TYPING', { name: conversation.typist.value })}</span>
          </div>
        )}
      </div>
      <Composer
        maxLength={MAX_MESSAGE_LENGTH}
        labels={{ placeholder: t('COMPOSER.PLACEHOLDER'), send: t('COMPOSER.SEND') }}
        onSend={(text) => widget.flow.sendMessage(text)}
        autoFocus={widget.app.isWidgetOpen.value}
      />
    </div>
  );
}
