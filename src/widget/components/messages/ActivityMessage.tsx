/** An activity line (message_type 2: "Conversation was resolved by …"), centred and muted. */
export function ActivityMessage({ content }: { content: string }) {
  return <p className="activity-message">{content}</p>;
}
