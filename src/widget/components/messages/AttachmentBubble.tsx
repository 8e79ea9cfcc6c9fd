import { useState } from 'react';
import { adoptStyles } from '../../lib/adoptStyles';
import attachmentsCss from '../../styles/attachments.chunk.css';
import type { Attachment } from '../../../shared/types';
import { safeMediaUrl, safeWebUrl } from '../../lib/sanitizeUrl';
import { attachmentSummary } from './attachmentInfo';
import { attachmentName, locationUrl } from './attachmentDetails';
import type { AttachmentLabels } from './labels';

export { attachmentSummary };

export interface AttachmentBubbleProps {
  attachment: Attachment;
  labels: AttachmentLabels;
  /** The visitor's file is still on its way (its message is `in_progress`). */
  uploading?: boolean;
  /** Upload progress 0–100 when known; the bar is indeterminate without it. */
  progress?: number;
}

adoptStyles(attachmentsCss);

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A file with its name and a Download link: also the fallback for a picture that fails to load. */
function FileAttachment({ attachment, labels }: AttachmentBubbleProps) {
  const name = attachmentName(attachment, labels.file);
  const href = safeMediaUrl(attachment.data_url);
  const extension = (attachment.extension || (name.includes('.') ? name.split('.').pop() : '') || '').slice(0, 4);
  return (
    <div className="attachment attachment--file" role="group" aria-label={labels.file}>
      <span className="attachment__icon" aria-hidden="true">
        {extension.toUpperCase()}
      </span>
      <span className="attachment__meta">
        <span className="attachment__name">{name}</span>
        {href && (
          <a className="attachment__download" href={href} download={name} aria-label={`${labels.download} ${name}`} {...NEW_TAB}>
            {labels.download}
          </a>
        )}
      </span>
    </div>
  );
}

/** A picture: the thumbnail, opening the full size in a new tab (a link, so Enter works too). */
function ImageAttachment(props: AttachmentBubbleProps) {
  const { attachment, labels } = props;
  const [broken, setBroken] = useState(false);
  const full = safeMediaUrl(attachment.data_url);
  const thumb = safeMediaUrl(attachment.thumb_url) ?? full;
  if (broken || !thumb) return <FileAttachment {...props} />;
  const size = attachment.width && attachment.height ? { width: attachment.width, height: attachment.height } : {};
  const image = (
    <img className="attachment__image" src={thumb} alt={labels.picture} loading="lazy" {...size} onError={() => setBroken(true)} />
  );
  return full ? (
    <a className="attachment attachment--image" href={full} {...NEW_TAB}>
      {image}
    </a>
  ) : (
    <div className="attachment attachment--image">{image}</div>
  );
}

/** While a file uploads: its name, 'Uploading...' and a progress bar, announced politely. */
function UploadingAttachment({ attachment, labels, progress }: AttachmentBubbleProps) {
  return (
    <div className="attachment attachment--uploading" role="status">
      <span className="attachment__name">{attachmentName(attachment, attachmentSummary(attachment, labels))}</span>
      <span className="attachment__status">{labels.uploading}</span>
      <progress className="attachment__progress" max={100} value={progress} aria-label={labels.uploading} />
    </div>
  );
}

/**
 * One attachment of a message, by kind (docs/protocol.md#shapes): picture, audio, video, file, location or a
 * shared URL. Media URLs must be http(s), a same-server path or a local preview; links that
 * leave the widget must be http(s) and open in a new tab.
 */
export function AttachmentBubble(props: AttachmentBubbleProps) {
  const { attachment, labels } = props;
  if (props.uploading) return <UploadingAttachment {...props} />;
  const src = safeMediaUrl(attachment.data_url);
  switch (attachment.file_type) {
    case 'image':
      return <ImageAttachment {...props} />;
    case 'audio':
      return src ? (
        <audio className="attachment attachment--audio" controls preload="metadata" src={src} aria-label={labels.audio} />
      ) : (
        <FileAttachment {...props} />
      );
    case 'video':
      return src ? (
        <video className="attachment attachment--video" controls preload="metadata" playsInline src={src} aria-label={labels.video} />
      ) : (
        <FileAttachment {...props} />
      );
    case 'location': {
      const href = locationUrl(attachment) ?? safeWebUrl(attachment.data_url);
      const title = attachment.fallback_title || (href ? `${attachment.coordinates_lat}, ${attachment.coordinates_long}` : '');
      return (
        <div className="attachment attachment--location">
          <span className="attachment__label">{labels.location}</span>
          {href ? (
            <a href={href} {...NEW_TAB}>
              {title}
            </a>
          ) : (
            title && <span>{title}</span>
          )}
        </div>
      );
    }
    case 'fallback': {
      const href = safeWebUrl(attachment.data_url);
      const title = attachment.fallback_title || attachment.data_url;
      return (
        <div className="attachment attachment--link">
          <span className="attachment__label">{labels.sharedUrl}</span>
          {href ? (
            <a href={href} {...NEW_TAB}>
              {title}
            </a>
          ) : (
            <span>{title}</span>
          )}
        </div>
      );
    }
    default:
      return <FileAttachment {...props} />;
  }
}
