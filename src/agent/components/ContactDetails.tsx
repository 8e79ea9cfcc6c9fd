import type { ConversationPushData } from '../../shared/applicationApi';
import { safeHref } from '../lib/messageSummary';

export interface ContactDetailsProps {
  conversation: ConversationPushData;
}

/** An attribute's value as text: scalars as they are, anything else as JSON. */
export function attributeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function Attributes({ values, empty }: { values: Record<string, unknown>; empty: string }) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return <p className="contact__none">{empty}</p>;
  return (
    <dl className="contact__list">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{attributeText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who the visitor is (as far as they or the site said) and where the conversation started. */
export function ContactDetails({ conversation }: ContactDetailsProps) {
  const contact = conversation.meta.sender;
  const referer = typeof conversation.additional_attributes?.referer === 'string' ? conversation.additional_attributes.referer : '';
  const refererHref = safeHref(referer);
  return (
    <div className="contact__body">
      <dl className="contact__list">
        <div>
          <dt>Name</dt>
          <dd>{contact.name || '—'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : 'Not given'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{contact.phone_number || 'Not given'}</dd>
        </div>
        {contact.identifier && (
          <div>
            <dt>Identifier</dt>
            <dd>
              {contact.identifier}
              {conversation.meta.hmac_verified ? ' (verified)' : ''}
            </dd>
          </div>
        )}
      </dl>
      <h3>Contact attributes</h3>
      <Attributes values={contact.custom_attributes} empty="None set" />
      <h3>This conversation</h3>
      <dl className="contact__list">
        <div>
          <dt>Started on</dt>
          <dd>
            {refererHref ? (
              <a href={refererHref} target="_blank" rel="noopener noreferrer">
                {referer}
              </a>
            ) : (
              'Unknown page'
            )}
          </dd>
        </div>
        {conversation.labels.length > 0 && (
          <div>
            <dt>Labels</dt>
            <dd>{conversation.labels.join(', ')}</dd>
          </div>
        )}
      </dl>
      <h4>Conversation attributes</h4>
      <Attributes values={conversation.custom_attributes} empty="None set" />
    </div>
  );
}
