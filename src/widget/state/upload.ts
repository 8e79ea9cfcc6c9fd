import type { WidgetMessage } from '../../shared/types';

/**
 * How a message that is no text goes to the server (a file: `fileUpload.ts`, in the attachments
 * chunk), and what it holds until it is stored. The outbox sends it like a text (`outbox.ts`) and
 * keeps its file beyond the page where it may (`keptMessages.ts`).
 */
export interface Upload {
  /** What is sent: kept in the frame's IndexedDB until the server has it, within the caps. */
  readonly file: File;
  post(fields: { echo_id: string; timestamp: string; referer_url: string; reply_to: number | null }): Promise<WidgetMessage>;
  /** Stored: drops what the upload held (a file's preview). */
  release(): void;
}
