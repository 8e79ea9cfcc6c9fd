import { MISSED_PAGE_SIZE } from '../../shared/limits';
import type { MessagesPage } from '../../shared/types';
import type { WidgetState } from './widget';

/**
 * Everything the connection missed after `from` (the newest message held when it dropped), or
 * after a `page` of it already answered on the socket. The server answers the oldest
 * `MISSED_PAGE_SIZE` after a cursor, so a full page is read on until the end: an outage in a busy
 * conversation is not left half unseen until a reload. A page that fails rejects, for the
 * caller's retry.
 */
export async function fetchAllMissed(messages: WidgetState['messages'], from?: number, page?: MessagesPage): Promise<void> {
  for (page ??= await messages.fetchMissed(from); page.payload.length >= MISSED_PAGE_SIZE; )
    page = await messages.fetchMissed(page.payload.at(-1)!.id);
}
