/**
 * The e-mailed conversation transcript: plain text and a simple HTML version of the messages a
 * visitor can see, each with its sender and time (in the inbox's timezone).
 */
import type { Attachment } from '../../src/shared/types';
import { escapeHtml } from './escape';

export interface TranscriptLine {
  sender: string;
  /** Milliseconds since the epoch. */
  at: number;
  content: string | null;
  attachments: Attachment[];
}

export interface Transcript {
  inboxName: string;
  conversationId: number;
  timezone: string;
  lines: TranscriptLine[];
}

function formatTime(ms: number, timezone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).format(ms);
  try {
    return format(timezone);
  } catch {
    return format('UTC');
  }
}

function describeAttachment(a: Attachment): { label: string; url: string } {
  if (a.file_type === 'location')
    return { label: `Location: ${a.fallback_title || `${a.coordinates_lat}, ${a.coordinates_long}`}`, url: a.data_url };
  if (a.file_type === 'fallback') return { label: `Shared link: ${a.fallback_title || a.data_url}`, url: a.data_url };
  const name = decodeURIComponent(a.data_url.split('/').pop() ?? 'file');
  return { label: `Attachment: ${name}`, url: a.data_url };
}

/** The transcript as `{subject, text, html}`. */
export function renderTranscript(transcript: Transcript): { subject: string; text: string; html: string } {
  const subject = `Your conversation transcript from ${transcript.inboxName}`;
  const heading = `Conversation #${transcript.conversationId} with ${transcript.inboxName}`;
  const text = [
    heading,
    '',
    ...transcript.lines.flatMap((line) => [
      `${line.sender} · ${formatTime(line.at, transcript.timezone)}`,
      ...(line.content ? [line.content] : []),
      ...line.attachments.map((a) => {
        const { label, url } = describeAttachment(a);
        return `[${label}] ${url}`;
      }),
      '',
    ]),
  ].join('\n');
  const items = transcript.lines
    .map((line) => {
      const attachments = line.attachments
        .map((a) => {
          const { label, url } = describeAttachment(a);
          return `<div><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></div>`;
        })
        .join('');
      const content = line.content ? `<div style="white-space:pre-wrap">${escapeHtml(line.content)}</div>` : '';
      return `<li style="margin:0 0 16px"><div style="color:#555;font-size:12px"><strong>${escapeHtml(line.sender)}</strong> · ${escapeHtml(formatTime(line.at, transcript.timezone))}</div>${content}${attachments}</li>`;
    })
    .join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;color:#111"><h1 style="font-size:18px">${escapeHtml(heading)}</h1>` +
    `<ul style="list-style:none;padding:0">\n${items}\n</ul></body></html>`;
  return { subject, text, html };
}
