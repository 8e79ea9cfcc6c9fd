import type { FileRules } from '../../shared/fileRules';
import { t } from '../i18n';
import { checkFiles, refusalMessage } from '../lib/attachments';
import { sendFile } from './fileUpload';

export interface OutgoingFilesDeps {
  /** The inbox's file rules (docs/behaviour.md#file-rules). */
  rules: FileRules;
  /** Tells the visitor why a file was refused (the alert banner). */
  refuse(message: string): void;
}

/**
 * The files the visitor picks, pastes or drops, on their way out (docs/behaviour.md#sending-messages):
 * checked against the inbox's rules as they come, then sent at once, as Chatwoot's widget sends
 * them. A lazy model of `widget.ts`, made from the attachments chunk (`chunks/attachments.ts`)
 * with the first file: most conversations never attach one.
 */
export function createOutgoingFiles({ rules, refuse }: OutgoingFilesDeps) {
  return {
    /**
     * The files of `picked` the inbox takes, in the order they came; the refused ones never
     * leave, and the first of them is explained (naming the rule).
     */
    check(picked: readonly File[]): readonly File[] {
      const { accepted, refused } = checkFiles(picked, rules);
      const [first] = refused;
      if (first)
        refuse(
          refusalMessage(first, rules, {
            tooLarge: (limit) => t('ATTACHMENT.TOO_LARGE', { MAXIMUM_FILE_UPLOAD_SIZE: limit }),
            typeRefused: (name, extension) => t('ATTACHMENT.TYPE_REFUSED', { name, extension }),
            typeNotAllowed: t('ATTACHMENT.TYPE_NOT_ALLOWED'),
          }),
        );
      return accepted;
    },
    /** How each goes: as its own message, uploaded by the outbox (`fileUpload.ts`). */
    upload: sendFile,
  };
}

export type OutgoingFiles = ReturnType<typeof createOutgoingFiles>;
