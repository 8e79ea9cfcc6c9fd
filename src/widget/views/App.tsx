import { useEffect } from 'react';
import { Banner } from '../components/Banner';
import { Branding } from '../components/Branding';
import { ChatHeader, ChatHeaderExpanded } from '../components/ChatHeader';
import { direction, locale, t } from '../i18n';
import { availabilityText, replyTimeText } from './availability';
import { useWidget } from './context';
import { Home } from './Home';
import { Messages } from './Messages';

/** The shell: header, banner, the current route and the branding footer (SPEC.md §2). */
export function App() {
  const widget = useWidget();
  const { app, channel, router, globalConfig, isOnline } = widget;
  const path = router.path.value;
  const settings = app.settings.value;
  const onHome = path === '/';
  const heading = settings.welcomeTitle || channel.welcomeTitle;
  const intro = settings.welcomeDescription || channel.welcomeTagline;

  useEffect(() => {
    const root = document.documentElement;
    root.lang = locale.value.replace('_', '-');
    root.dir = direction.value;
    root.classList.toggle('dark', app.isDark.value);
    root.classList.toggle('flat', settings.widgetStyle === 'flat');
    root.classList.toggle('mobile', app.isMobile.value);
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && widget.closeWindow();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const actions = {
    labels: { back: t('HEADER.BACK'), popout: t('HEADER.POPOUT'), close: t('HEADER.CLOSE') },
    showBack: !onHome,
    onBack: () => router.navigate('/'),
    showPopout: settings.showPopoutButton && widget.bridge.inIframe,
    onPopout: () => widget.popout(),
    // The launcher closes the window on wide screens; a phone's full-screen window needs its own.
    showClose: widget.bridge.inNativeApp || (widget.bridge.inIframe && app.isMobile.value),
    onClose: () => widget.closeWindow(),
  };
  const subtitle = isOnline.value ? replyTimeText(channel.replyTime) : availabilityText(false, settings);
  const brandName = globalConfig.BRAND_NAME;

  return (
    <div className="shell">
      {onHome && (heading || intro) ? (
        <ChatHeaderExpanded {...actions} avatarUrl={channel.avatarUrl} title={channel.websiteName} heading={heading} intro={intro} />
      ) : (
        <ChatHeader {...actions} title={channel.websiteName} avatarUrl={channel.avatarUrl} isOnline={isOnline.value} subtitle={subtitle} />
      )}
      {widget.banner.value && <Banner {...widget.banner.value} />}
      {widget.connectionLost.value && <Banner message={t('CONNECTION.LOST')} type="error" />}
      <main className="shell__body">{path === '/messages' ? <Messages /> : <Home />}</main>
      {!channel.disableBranding && brandName && path !== '/article' && (
        <Branding
          brandName={brandName}
          brandUrl={globalConfig.WIDGET_BRAND_URL}
          logoUrl={globalConfig.LOGO_THUMBNAIL}
          referrerHost={app.referrerHost.value}
          poweredBy={t('POWERED_BY')}
        />
      )}
    </div>
  );
}
