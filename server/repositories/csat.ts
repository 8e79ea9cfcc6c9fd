/**
 * CSAT survey responses: one row per survey message, updated when the visitor changes their
 * rating. Read by agents through `GET /api/v1/accounts/:a/csat_survey_responses`.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CsatSurveyResponsesTable } from '../db/schema';

export type CsatResponse = Selectable<CsatSurveyResponsesTable>;

/** Stores the answer to survey message `message_id`, replacing an earlier answer to it. */
export async function saveCsatResponse(db: Db, values: Omit<CsatResponse, 'id' | 'created_at' | 'updated_at'>): Promise<CsatResponse> {
  const now = Date.now();
  return db
    .insertInto('csat_survey_responses')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('message_id').doUpdateSet({ rating: values.rating, feedback_message: values.feedback_message, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of the account's responses, newest first. */
export async function listCsatResponses(db: Db, accountId: number, page: number, perPage: number): Promise<CsatResponse[]> {
  return db
    .selectFrom('csat_survey_responses')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}
