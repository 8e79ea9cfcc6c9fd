/**
 * The realtime chunk: the connection, its event table and what each event does to the state. It
 * is fetched on every open (an open window shows who is online), so it carries nothing else: what
 * the visitor does in the conversation is the flow chunk (`contents/flow.ts`), fetched on intent.
 * A module of its own so that the chunk's file is `realtime.js`, the name docs and the bench use.
 */
export { connectRealtime } from '../../realtime/connect';
