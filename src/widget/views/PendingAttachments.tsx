import { useEffect, useMemo } from 'react';
import { CLOSE_ICON, Icon } from '../components/icons';
import { t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import type { PendingFiles } from '../state/pendingFiles';
import pendingCss from '../styles/pendingAttachments.chunk.css';

// A lazy chunk, with the upload rules: most conversations never attach a file. Its stylesheet
// travels with it.
adoptStyles(pendingCss);

/**
 * The files waiting to go with the next send (`pending`, the widget's `pendingFiles`), above the
 * composer: a picture as its thumbnail, any other file by its name, each with a button that takes
 * it out. The composer's Send sends them (also without text).
 */
export function PendingAttachments({ pending }: { pending: PendingFiles }) {
  const files = pending.files.value;
  // One preview address per picture while it waits, given back when it goes.
  const previews = useMemo(
    () => new Map(files.filter((f) => f.type.startsWith('image/')).map((f) => [f, URL.createObjectURL(f)])),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of previews.values()) URL.revokeObjectURL(url);
    },
    [previews],
  );
  if (!files.length) return null;
  return (
    <ul className="pending" aria-label={t('ATTACHMENT.PENDING')}>
      {files.map((file, i) => {
        const preview = previews.get(file);
        return (
          // Files have no identity of their own (the same one twice is two entries): keyed by place.
          <li key={i}>
            {preview ? <img src={preview} alt={file.name} width={48} height={48} /> : <span>{file.name}</span>}
            <button
              type="button"
              className="icon-button"
              aria-label={t('ATTACHMENT.REMOVE', { name: file.name })}
              title={t('ATTACHMENT.REMOVE', { name: file.name })}
              onClick={() => pending.remove(file)}
            >
              <Icon path={CLOSE_ICON} size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
