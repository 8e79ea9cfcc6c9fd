import type { MessagesModel } from './messages';

/**
 * A reply's quote, selected (docs/behaviour.md#reply-to): brings the quoted message into the
 * conversation (older than what is loaded: everything from it up to the loaded history, in
 * pages, so the history has no gap) and asks the view to show it. False when it is not in the
 * conversation (deleted, or never shown to visitors). The conversation's flow offers it, in the
 * flow chunk, which the selected quote fetches if need be.
 */
export async function showMessage(messages: MessagesModel, id: number): Promise<boolean> {
  while (!messages.map.value.has(id)) {
    const oldest = messages.firstServerId();
    if (oldest === undefined || id >= oldest || messages.allLoaded.value) return false;
    const page = await messages.fetchBetween(id, oldest).catch(() => null);
    if (!page?.payload.length) return false;
  }
  messages.focus(id);
  return true;
}
