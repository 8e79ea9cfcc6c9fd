import { useEffect, useMemo } from 'react';
import { CLOSE_ICON, Icon } from '../components/icons';
import { t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { checkFiles, refusalMessage } from '../lib/attachments';
import { createPendingFiles } from '../state/pendingFiles';
import type { WidgetState } from '../state/widget';
import pendingCss from '../styles/pendingAttachments.chunk.css';

// A lazy chunk, with the upload rules: most conversations never attach a file. Its stylesheet
// travels with it.
adoptStyles(pendingCss);

/** The widget's files waiting to be sent (one widget per frame). */
export const pendingFiles = createPendingFiles();

/**
 * Files the visitor picked, pasted or dropped: checked against the inbox's file rules at once, the
 * refused ones explained in the banner (the first's, naming the rule), the others waiting in the composer
 * for the visitor to see (docs/behaviour.md#sending-messages).
 */
export function attachFiles(widget: WidgetState, files: readonly File[]): void {
  const rules = widget.channel.fileRules;
  const { accepted, refused } = checkFiles(files, rules);
  pendingFiles.add(accepted);
  const [first] = refused;
  if (first)
    widget.showBanner(
      refusalMessage(first, rules, {
        tooLarge: (limit) => t('ATTACHMENT.TOO_LARGE', { MAXIMUM_FILE_UPLOAD_SIZE: limit }),
        typeRefused: (name, extension) => t('ATTACHMENT.TYPE_REFUSED', { name, extension }),
        typeNotAllowed: t('ATTACHMENT.TYPE_NOT_ALLOWED'),
      }),
    );
}

/**
 * The files waiting to go with the next send (`pendingFiles.files`, which the conversation view
 * reads too and hands over), above the composer: a picture as its thumbnail, any other file by
 * its name, each with a button that takes it out. The composer's Send sends them (also without text).
 */
export function PendingAttachments({ files }: { files: readonly File[] }) {
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
              onClick={() => pendingFiles.remove(file)}
            >
              <Icon path={CLOSE_ICON} size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
