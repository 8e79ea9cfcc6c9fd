import { useEffect, useState } from 'react';
import { Banner } from '../components/Banner';
import { Branding } from '../components/Branding';
import { ChatHeader, ChatHeaderExpanded, expandedHeaderOpacity } from '../components/ChatHeader';
import { t } from '../i18n';
import { closeInnermostLayer } from '../lib/escapeLayers';
import { replyWaitText } from '../i18n/availability';
import { useWidget } from '../widgetContext';
import { Home } from './Home';
import { Spinner } from '../components/Spinner';
import { Consent, EndConversation } from '../lazy/shellParts';
import { ROUTE_TABLE } from '../router';
import { ROUTE_VIEWS } from '../routeViews';
import { useDocumentTheme } from '../useDocumentTheme';

const END_CONVERSATION_STATUSES = new Set(['open', 'snoozed', 'pending']);

/** The shell: header, banner, the current route and the branding footer (docs/behaviour.md#screens). */
export function App() {
  const widget = useWidget();
  const { app, channel, router, globalConfig, isOnline, conversation } = widget;
  const path = router.path.value;
  const frame = ROUTE_TABLE[path];
  // Route-level chunks: the first paint (home, or the launcher's compact prompts) needs none.
  // While consent is asked, or declined where that leaves no chat, the consent screen stands in
  // any screen's place; not in the launcher's compact prompts, which store nothing.
  const View = !frame.compact && (app.settings.value.consent === 'ask' || app.chatOff.value) ? Consent : ROUTE_VIEWS[path];
  const onHome = path === '/';
  const heading = app.welcomeTitle.value;
  const intro = app.welcomeDescription.value;
  const [scrollTop, setScrollTop] = useState(0);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  useDocumentTheme(widget);

  // Escape closes the innermost layer (the emoji picker, a dialog), and the chat once none is
  // open (lib/escapeLayers.ts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      if (!closeInnermostLayer()) widget.closeWindow();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setScrollTop(0), [path]);

  // The conversation is the likeliest next screen: fetch its view once the frame is idle after its
  // first paint. What the visitor does there comes on their intent to act (state/conversationActions.ts).
  useEffect(() => {
    const preload = () => ROUTE_VIEWS['/messages']?.preload();
    if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 3000 });
    else setTimeout(preload, 1500);
  }, []);

  const canEnd = app.canEndConversation.value && END_CONVERSATION_STATUSES.has(conversation.status.value ?? '');

  const actions = {
    labels: { back: t('HEADER.BACK'), endConversation: t('END_CONVERSATION'), popout: t('HEADER.POPOUT'), close: t('HEADER.CLOSE') },
    showBack: !!frame.back,
    onBack: () => router.navigate('/'),
    showEndConversation: path === '/messages' && canEnd,
    // Ending cannot be undone by the visitor: it asks first (docs/behaviour.md#screens).
    onEndConversation: () => setConfirmingEnd(true),
    showPopout: app.showPopout.value,
    onPopout: () => widget.popout(),
    // On wide screens the launcher closes the window; a phone's full-screen window and an app's
    // web view need their own close button. A popout window is closed by the browser.
    showClose: widget.bridge.inNativeApp || (widget.bridge.inIframe && app.isMobile.value),
    onClose: () => widget.closeWindow(),
  };
  const brandName = globalConfig.BRAND_NAME;
  const compact = !!frame.compact;
  useEffect(() => {
    document.documentElement.classList.toggle('compact', compact);
  }, [compact]);
  if (compact && View) return <View />;

  return (
    <div className="shell">
      {onHome && (heading || intro) ? (
        <ChatHeaderExpanded
          {...actions}
          avatarUrl={channel.avatarUrl}
          title={channel.websiteName}
          heading={heading}
          intro={intro}
          opacity={expandedHeaderOpacity(scrollTop)}
        />
      ) : (
        <ChatHeader
          {...actions}
          title={channel.websiteName}
          avatarUrl={channel.avatarUrl}
          // No green dot while the connection is lost: nobody's answer would arrive.
          isOnline={isOnline.value && !widget.session.connectionLost.value}
          subtitle={replyWaitText(widget)}
        />
      )}
      <Banner notice={widget.banner.value} />
      <Banner notice={widget.session.connectionLost.value ? { message: t('CONNECTION.LOST'), type: 'error' } : null} />
      <main className="shell__body" onScroll={onHome ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}>
        {View ? <View fallback={<Spinner label={t('LOADING')} />} /> : <Home />}
      </main>
      {confirmingEnd && <EndConversation onDone={() => setConfirmingEnd(false)} />}
      {!channel.disableBranding && brandName && !frame.noBranding && (
        <Branding
          brandUrl={globalConfig.WIDGET_BRAND_URL}
          logoUrl={globalConfig.LOGO_THUMBNAIL}
          referrerHost={app.referrerHost.value}
          label={t('POWERED_BY', { brand: brandName })}
        />
      )}
    </div>
  );
}
