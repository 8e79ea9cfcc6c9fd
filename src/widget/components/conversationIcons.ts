/** Icon paths of the conversation view (a lazy chunk); see `icons.tsx`. */
export const SEND_ICON = 'M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z';
export const ATTACH_ICON =
  'M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z';
export const ALERT_ICON =
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 13a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm0-9a1 1 0 0 0-1 1v6a1 1 0 1 0 2 0V7a1 1 0 0 0-1-1z';
export const REPLY_ICON = 'M10 9V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z';
export const EMOJI_ICON =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm-3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 17.5a5.5 5.5 0 0 0 5-3.2H7a5.5 5.5 0 0 0 5 3.2z';
/** Delivery: one check for sent, two for delivered and read. */
export const CHECK_ICON = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z';
export const DOUBLE_CHECK_ICON =
  'M18 7l-1.4-1.4-6.3 6.3 1.4 1.4L18 7zm4.2-1.4L11.7 16.2 7.5 12l-1.4 1.4 5.6 5.6 12-12zM.4 13.4 6 19l1.4-1.4L1.8 12z';
