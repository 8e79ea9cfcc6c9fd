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
import { mailTranscript } from '../../services/transcript';
import { isSingleEmailAddress } from '../../../src/shared/email';
import { EMAIL_INVALID, readBody, schemas } from '../body';
import { storedVisitor, visitorAuth } from './auth';
import { limitVisitorWrite } from './rateLimit';

export const TranscriptRequest = v.object({ email: schemas.optionalEmail });

/** The transcript route (mounted under `/api/v1/widget`). */
export function widgetTranscriptRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post(
    '/conversations/transcript',
    visitorAuth(deps),
    limitVisitorWrite(deps, 'transcriptsPerVisitor', 'transcriptsPerAddress'),
    async (c) => {
      const typed = (await readBody(c, TranscriptRequest)).email?.trim();
      const visitor = storedVisitor(c);
      const conversation = visitor && (await latestConversation(deps.db, visitor.contactInbox));
      if (!visitor || !conversation) throw new ApiError(429, 'There is no conversation to send');
      const email = typed || visitor.contact.email;
      if (!email) throw new ApiError(422, 'An email address is required to send the transcript');
      // One stored before this rule (an earlier version's) is no address to mail either.
      if (!isSingleEmailAddress(email)) throw new ApiError(422, EMAIL_INVALID);
      // Anyone's inbox can be typed in: without this limit the server is a mail relay.
      await deps.limits.consume('transcriptsPerRecipient', email.toLowerCase());
      await mailTranscript(deps, conversation, email.toLowerCase());
      return c.body(null, 200);
    },
  );

  return app;
}
