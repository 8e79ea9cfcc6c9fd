import { InteractiveMessage, type InteractiveMessageProps } from '../components/messages/InteractiveMessage';
import { VideoCallOverlay, type VideoCallOverlayProps } from '../components/messages/VideoCallOverlay';
import { interactiveLabels } from '../i18n/interactiveLabels';

/**
 * A bot's interactive message (form, options, cards, articles, e-mail capture, survey, call
 * invitation) in the visitor's language. In the interactive chunk with its words, so the
 * conversation view neither carries nor names them.
 */
export function BotMessage(props: Omit<InteractiveMessageProps, 'labels'>) {
  return <InteractiveMessage {...props} labels={interactiveLabels()} />;
}

/** The video call over the conversation, in the visitor's language. */
export function VideoCall(props: Omit<VideoCallOverlayProps, 'labels'>) {
  return <VideoCallOverlay {...props} labels={interactiveLabels()} />;
}
