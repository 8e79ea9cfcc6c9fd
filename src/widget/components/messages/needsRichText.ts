/**
 * Could this text render differently as markdown? A cheap, generous test (emphasis or code
 * markers, a link or picture, a URL, a heading, list or quote line, a line of dashes: a rule or
 * a table's delimiter row, the help centre's column-widths marker, a backslash escape): when it
 * says no, the message is shown as plain text and the markdown chunk is never loaded.
 */
const RICH = /[*_~`\\]|\]\(|https?:\/\/|<!--cw-|^ {0,3}(?:>|[-+] |\d{1,9}[.)] |#{1,6}(?:[ \t]|$))|^[ \t|:]*-[ \t|:-]*$/m;

export const needsRichText = (text: string) => RICH.test(text);
