/**
 * The prompts over a closed widget: unread messages and a campaign's message. One lazy chunk with
 * their shared frame (`CompactPrompt`): apart they were three files, two requests per prompt.
 */
export { Campaigns } from '../../views/Campaigns';
export { UnreadMessages } from '../../views/UnreadMessages';
