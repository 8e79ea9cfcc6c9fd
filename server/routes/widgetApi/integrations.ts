/**
 * `POST /api/v1/widget/integrations/dyte/add_participant_to_meeting` (docs/protocol.md#video-calls). Chatwoot
 * asks Dyte for a participant token here; the reference server has no Dyte account, so after
 * the same checks (the message must be an `integrations` message of the visitor's own
 * conversation) it answers 422 `dyte_not_configured`. Wren's own `video_call` messages carry
 * a plain `join_url` the widget opens directly, without this call.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { findVisitorMessage } from '../../repositories/messages';
import { readBody, schemas } from '../body';
import { storedVisitor, visitorAuth } from './auth';

export const JoinMeeting = v.object({
  message_id: v.union([schemas.id, v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), schemas.id)]),
});

export const DYTE_NOT_CONFIGURED = { error: 'Dyte is not configured', error_code: 'dyte_not_configured' } as const;

/** The video-call route (mounted under `/api/v1/widget`). */
export function widgetIntegrationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/integrations/dyte/add_participant_to_meeting', visitorAuth(deps), async (c) => {
    const { message_id: messageId } = await readBody(c, JoinMeeting);
    const contactInbox = storedVisitor(c)?.contactInbox;
    const message = contactInbox && (await findVisitorMessage(deps.db, contactInbox, messageId));
    if (message?.content_type !== 'integrations') throw new ApiError(422, 'Invalid message type. Action not permitted');
    throw new ApiError(422, DYTE_NOT_CONFIGURED.error, { error_code: DYTE_NOT_CONFIGURED.error_code });
  });

  return app;
}
