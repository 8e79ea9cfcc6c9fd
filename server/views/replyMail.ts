/**
 * The e-mail that carries an agent's reply to a visitor who had left the site
 * (services/replyByEmail.ts): who answered, what they wrote, and where to continue.
 */
import { escapeHtml } from './escape';

export interface ReplyMail {
  inboxName: string;
  /** The site the inbox belongs to, where the visitor can carry on in the chat; may be empty. */
  websiteUrl: string;
  agent: string;
  content: string;
}

/** The reply as `{subject, text, html}`. */
export function renderReplyMail(reply: ReplyMail): { subject: string; text: string; html: string } {
  const subject = `New reply from ${reply.inboxName}`;
  const site = /^https?:\/\//i.test(reply.websiteUrl) ? reply.websiteUrl : '';
  const onward = site ? `Continue the conversation on ${site}` : '';
  const text = [`${reply.agent} replied:`, '', reply.content, ...(onward ? ['', onward] : [])].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;color:#111"><p><strong>${escapeHtml(reply.agent)}</strong> replied:</p>` +
    `<div style="white-space:pre-wrap;border-inline-start:3px solid #ccc;padding-inline-start:12px">${escapeHtml(reply.content)}</div>` +
    (site ? `<p><a href="${escapeHtml(site)}">Continue the conversation on ${escapeHtml(site)}</a></p>` : '') +
    '</body></html>';
  return { subject, text, html };
}
