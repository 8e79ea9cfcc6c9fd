import { consentChunk } from '../chunks/consent';
import { conversationEndChunk } from '../chunks/conversationEnd';
import { helpCentreChunk } from '../chunks/helpCentre';
import { lazyPart } from './part';

/** "End this conversation?", fetched when the visitor asks to end it; with the resolved footer, which follows it. */
export const EndConversation = lazyPart(conversationEndChunk, (m) => m.EndConversation);

/** The consent screen, fetched only by an open that must ask for consent first (docs/behaviour.md#consent). */
export const Consent = lazyPart(consentChunk, (m) => m.Consent);

/** Home's popular articles: fetched only for an inbox with a portal. */
export const HelpCentre = lazyPart(helpCentreChunk, (m) => m.HelpCentre);
