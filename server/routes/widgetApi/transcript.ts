/**
 * `POST /api/v1/widget/conversations/transcript` (docs/protocol.md#conversations, docs/protocol.md#widget-api): mails the
 * visitor's conversation to the `email` they typed, or else to their stored e-mail. As in
 * Chatwoot, no conversation is a 429.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { latestConversation } from '../../repositories/conversations';
import { isValidEmail } from '../../services/contactIdentity';
import { mailTranscript } from '../../services/transcript';
import { readBody } from '../body';
import { storedVisitor, visitorAuth } from './auth';
import { limitVisitorWrite } from './rateLimit';

export const TranscriptRequest = v.object({ email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255)))) });

/** The transcript route (mounted under `/api/v1/widget`). */
export function widgetTranscriptRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post(
    '/conversations/transcript',
    visitorAuth(deps),
    limitVisitorWrite(deps, 'transcriptsPerVisitor', 'transcriptsPerAddress'),
    async (c) => {
      const { email: typed } = await readBody(c, TranscriptRequest);
      if (typed && !isValidEmail(typed)) throw new ApiError(422, 'Please enter a valid email address');
      const visitor = storedVisitor(c);
      const conversation = visitor && (await latestConversation(deps.db, visitor.contactInbox));
      if (!visitor || !conversation) throw new ApiError(429, 'There is no conversation to send');
      const email = typed || visitor.contact.email;
      if (!email) throw new ApiError(422, 'An email address is required to send the transcript');
      // Anyone's inbox can be typed in: without this limit the server is a mail relay.
      await deps.limits.consume('transcriptsPerRecipient', email.toLowerCase());
      await mailTranscript(deps, conversation, email.toLowerCase());
      return c.body(null, 200);
    },
  );

  return app;
}
