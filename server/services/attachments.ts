/**
 * Attachment rows from what a request carried: uploaded files, or (Application API, a Wren
 * extension) a shared location or URL described in JSON.
 */
import type { NewAttachment } from '../repositories/attachments';
import type { UploadedFile } from '../uploads/uploadForm';

/** Rows for files the upload reader stored. Width and height are unknown (no image library). */
export function storedAttachments(files: UploadedFile[]): NewAttachment[] {
  return files.map((file) => ({
    file_type: file.fileType,
    extension: file.extension,
    content_type: file.contentType,
    file_name: file.fileName,
    file_size: file.size,
    storage_key: file.storageKey,
    width: null,
    height: null,
  }));
}
