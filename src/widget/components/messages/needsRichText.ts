/**
 * Could this text render differently as markdown? A cheap, generous test (emphasis or code
 * markers, a link, a URL, a list or quote line, a backslash escape): when it says no, the
 * message is shown as plain text and the markdown chunk is never loaded.
 */
const RICH = /[*_~`\\]|\]\(|https?:\/\/|^ {0,3}(?:>|[-+] |\d{1,9}[.)] )/m;

export const needsRichText = (text: string) => RICH.test(text);
