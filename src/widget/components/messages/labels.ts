import type { FormRuleMessages } from '../../lib/formRules';

/**
 * The strings of bots' interactive messages and the call they open, passed in already localised
 * (components never import i18n). They ride in the interactive chunk with their English
 * (i18n/interactiveLabels.ts), not with the conversation view. English values, for reference:
 * docs/behaviour.md and Chatwoot's widget.
 */
export interface InteractiveLabels {
  /** 'Submit' (forms, email capture, CSAT feedback; a form's `button_label` wins). */
  submit: string;
  /** 'This field is required' */
  required: string;
  /** 'Please enter a valid email address' */
  invalidEmail: string;
  /** 'Please provide a valid input' (a form field's pattern without `pattern_error`) */
  invalidInput: string;
  /** The form library's number, date, link and bounds rules (lib/formRules.ts) */
  rules: FormRuleMessages;
  /** 'Please enter your email' (email capture placeholder and field name) */
  emailPlaceholder: string;
  /** 'Cards' (name of the scrollable card carousel) */
  cards: string;
  /** 'Rate your conversation' */
  csatTitle: string;
  /** 'Thank you for submitting the rating' */
  csatThanks: string;
  /** 'Tell us more...' */
  csatFeedback: string;
  /** Rating names 1–5: 'poor', 'fair', 'average', 'good', 'excellent' */
  csatRatings: readonly [string, string, string, string, string];
  /** 'Join' (video-call message button) */
  joinCall: string;
  /** 'Leave the call' */
  leaveCall: string;
  /** 'Video call' (name of the call overlay) */
  videoCall: string;
}

/**
 * The strings the conversation view hands the message components, already localised: a file's
 * bubble and summary, the reply bar, a chunk's retry.
 */
export interface MessageLabels {
  /** 'Picture message' */
  picture: string;
  /** 'Audio message' */
  audio: string;
  /** 'Video message' */
  video: string;
  /** 'File Attachment' */
  file: string;
  /** 'Location' */
  location: string;
  /** 'has shared a url' */
  sharedUrl: string;
  /** 'Download' */
  download: string;
  /** 'Uploading...' */
  uploading: string;
  /** 'Replying to' (composer bar) */
  replyingTo: string;
  /** 'Remove reply' (composer bar's close button) */
  removeReply: string;
}

export type AttachmentLabels = Pick<
  MessageLabels,
  'picture' | 'audio' | 'video' | 'file' | 'location' | 'sharedUrl' | 'download' | 'uploading'
>;
