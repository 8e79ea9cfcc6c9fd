/**
 * Opens the widget's realtime connection: a lazy chunk, loaded only once there is something to
 * listen for (a conversation, or an open window showing who is online). A visitor whose frame
 * was preloaded for a campaign, and never engages, opens no socket at all.
 */
import { effect } from '@preact/signals-react';
import { CABLE_ACTIONS, CABLE_PATH } from '../../shared/cable';
import { realtimeActions } from '../state/realtimeActions';
import type { WidgetState } from '../state/widget';
import { createCable, type Cable } from '../../shared/actionCable';
import { createRealtimeDispatcher } from './events';
import { MISSED_PAGE_SIZE } from '../../shared/limits';

/** A gap fill that failed is tried again after this, doubled each time up to the most. */
export const FIRST_FILL_RETRY_MS = 2_000;
const MAX_FILL_RETRY_MS = 30_000;

/** Connects the cable for this widget and keeps it on the visitor's current pubsub token. */
export function connectRealtime(state: WidgetState, origin: { protocol: string; host: string } = location): Cable {
  const { session } = state;
  let subscribedBefore = false;
  // Where the gap of an outage starts: the newest message held when the connection dropped. It is
  // kept until a gap fill from there has been answered, through further outages: a fill that
  // failed (the network went again) is tried again from the same point, since by then the newest
  // message held may be one the visitor stored meanwhile, newer than what an agent wrote in the gap.
  let gapFrom: number | undefined;
  let outages = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = FIRST_FILL_RETRY_MS;
  // The server answers the oldest MISSED_PAGE_SIZE after the cursor: a full page is read on from
  // the newest held, so an outage in a busy conversation is not left half unseen until a reload.
  function fillGap() {
    clearTimeout(retry);
    const [from, during] = [gapFrom, outages];
    state.messages.fetchMissed(from).then(
      (page) => {
        if (outages === during) gapFrom = undefined;
        retryDelay = FIRST_FILL_RETRY_MS;
        if (page.payload.length >= MISSED_PAGE_SIZE) fillGap();
      },
      () => {
        retry = setTimeout(fillGap, retryDelay);
        retryDelay = Math.min(retryDelay * 2, MAX_FILL_RETRY_MS);
      },
    );
  }
  const cable = createCable({
    url: `${origin.protocol.replace('http', 'ws')}//${origin.host}${CABLE_PATH}`,
    pubsubToken: session.pubsubToken.peek(),
    onEvent: createRealtimeDispatcher(realtimeActions(state, session.setPubsubToken, fillGap)),
    onDisconnected: () => {
      outages++;
      gapFrom ??= state.messages.lastServerId();
      session.setConnectionLost(true);
    },
    onReconnected: () => session.setConnectionLost(false),
    onSubscribed() {
      // Whatever arrived before this subscription was live (first connect, or while the socket
      // was down) is fetched: everything after the newest message held, and the conversation.
      // The first subscription after the page's data (docs/protocol.md#realtime-catch-up) needs
      // less: without a conversation nothing can have been addressed to the visitor but answers
      // to their own requests; with one, an agent may have written since the page was rendered:
      // the messages since then, asked on the socket when the server answers `catch_up` there
      // (saving a request), else by a GET (a gateway page: Chatwoot's cable has no such action).
      const firstAfterPage = !subscribedBefore && state.loadedFromPage;
      subscribedBefore = true;
      if (!firstAfterPage) {
        fillGap();
        state.conversation.fetch().catch(() => undefined);
      } else if (state.conversation.id.peek() !== undefined) {
        if (firstAfterPage === 'cable') cable.perform(CABLE_ACTIONS.catchUp, { after: state.messages.lastServerId() ?? 0 });
        else fillGap();
      }
    },
  });
  cable.start();
  // A visitor switch (setUser) or a merged contact moves the subscription to the new token.
  effect(() => cable.setPubsubToken(session.pubsubToken.value));
  return cable;
}
