/**
 * Outgoing mail (transcripts, later): SMTP when SMTP_URL is set, otherwise `.eml` files in the
 * outbox folder so a developer can open what would have been sent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { isSingleEmailAddress } from '../../src/shared/email';
import { DEFAULT_BRANDING, type Branding } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * `message`, refused unless `to` is one address: a header would read `a@x.example,b@y.example` as
 * two recipients. Every route checks first (422); an e-mail an earlier version stored is caught here.
 */
function oneRecipient(message: MailMessage): MailMessage {
  if (!isSingleEmailAddress(message.to)) throw new Error('not mailing an address that is not a single e-mail address');
  return message;
}

/**
 * A mailer for `smtpUrl`, or one writing `.eml` files into `outboxDir`. Mail goes out under the
 * installation's name (`INSTALLATION_NAME`, by default Wren).
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; branding?: Pick<Branding, 'installationName'> }): Mailer {
  const from = { name: options.branding?.installationName ?? DEFAULT_BRANDING.installationName, address: 'no-reply@wren.localhost' };
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...oneRecipient(message) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...oneRecipient(message) });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
