import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { FileRules } from '../../shared/fileRules';
import { t } from '../i18n';
import { checkFiles, refusalMessage } from '../lib/attachments';
import { sendFile } from './fileUpload';

export interface PendingFilesDeps {
  /** The inbox's file rules (docs/behaviour.md#file-rules). */
  rules: FileRules;
  /** Tells the visitor why a file was refused (the alert banner). */
  refuse(message: string): void;
}

/**
 * The files the visitor picked, pasted or dropped, waiting to go with their next send
 * (docs/behaviour.md#sending-messages), in the order they came. A lazy model of `widget.ts`,
 * made from the attachments chunk (`chunks/attachments.ts`) with the first file: most
 * conversations never attach one.
 */
export function createPendingFiles({ rules, refuse }: PendingFilesDeps) {
  const files = signal<readonly File[]>([]);
  return {
    files: files as ReadonlySignal<readonly File[]>,
    /**
     * Checks `picked` against the inbox's file rules at once: the accepted ones wait in the
     * composer for the visitor to see, the refused ones are explained (the first's, naming the rule).
     */
    attach(picked: readonly File[]) {
      const { accepted, refused } = checkFiles(picked, rules);
      if (accepted.length) files.value = [...files.value, ...accepted];
      const [first] = refused;
      if (first)
        refuse(
          refusalMessage(first, rules, {
            tooLarge: (limit) => t('ATTACHMENT.TOO_LARGE', { MAXIMUM_FILE_UPLOAD_SIZE: limit }),
            typeRefused: (name, extension) => t('ATTACHMENT.TYPE_REFUSED', { name, extension }),
            typeNotAllowed: t('ATTACHMENT.TYPE_NOT_ALLOWED'),
          }),
        );
    },
    remove(file: File) {
      files.value = files.value.filter((other) => other !== file);
    },
    /** How each goes once sent: as its own message, uploaded by the outbox (`fileUpload.ts`). */
    upload: sendFile,
    /** The files to send now; none wait any more. */
    take(): readonly File[] {
      const taken = files.value;
      files.value = [];
      return taken;
    },
  };
}

export type PendingFiles = ReturnType<typeof createPendingFiles>;
