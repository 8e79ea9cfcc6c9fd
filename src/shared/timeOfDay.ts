/**
 * How a message's time of day reads, in the widget and the agent console alike: "9:58 PM" or
 * "21:58", as the language writes it, never a padded "09:58 PM".
 */
export const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
