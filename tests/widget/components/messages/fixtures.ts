import type { InteractiveLabels, MessageLabels } from '../../../../src/widget/components/messages/labels';
import type { ChatMessage } from '../../../../src/widget/state/chatMessage';
import { MESSAGE_TYPE } from '../../../../src/shared/types';
import { RULE_MESSAGES } from '../../lib/formRuleFixture';

/** English strings, as the views will pass them from the locale: the conversation view's and the interactive chunk's. */
export const LABELS: MessageLabels & InteractiveLabels = {
  submit: 'Submit',
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  invalidInput: 'Please provide a valid input',
  rules: RULE_MESSAGES,
  emailPlaceholder: 'Please enter your email',
  cards: 'Cards',
  csatTitle: 'Rate your conversation',
  csatThanks: 'Thank you for submitting the rating',
  csatFeedback: 'Tell us more...',
  csatRatings: ['poor', 'fair', 'average', 'good', 'excellent'],
  joinCall: 'Join',
  leaveCall: 'Leave the call',
  videoCall: 'Video call',
  picture: 'Picture message',
  audio: 'Audio message',
  video: 'Video message',
  file: 'File Attachment',
  location: 'Location',
  sharedUrl: 'has shared a url',
  download: 'Download',
  uploading: 'Uploading...',
  replyingTo: 'Replying to',
  removeReply: 'Remove reply',
};

/** A fresh agent message; override any field. */
export const chatMessage = (fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 700,
  content: 'Hello',
  message_type: MESSAGE_TYPE.outgoing,
  content_type: 'text',
  content_attributes: {},
  created_at: 1_700_000_000,
  conversation_id: 10,
  status: 'sent',
  ...fields,
});

/** Lets pending promise callbacks and the re-render they cause run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
