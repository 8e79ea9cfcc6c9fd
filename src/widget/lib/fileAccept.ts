/**
 * What the conversation's file picker offers, small enough to ship with the conversation view:
 * media by type, documents by extension. The full check before an upload (MIME types, size) is
 * `attachments.ts`, loaded when the visitor picks or drops a file.
 */

/** Document extensions a visitor may send; the extension decides when the browser names no type. */
export const DOCUMENT_EXTENSIONS = new Set(
  'csv txt text log json pdf rtf zip 7z rar tar doc dot docx dotx xls xlt xlsx xltx ppt pps pot pptx ppsx potx odt ods odp odg'.split(' '),
);

/** The file picker's `accept` attribute. */
export const FILE_PICKER_ACCEPT = ['image/*', 'audio/*', 'video/*', ...[...DOCUMENT_EXTENSIONS].map((extension) => `.${extension}`)].join(
  ',',
);
