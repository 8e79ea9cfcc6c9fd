/**
 * The rules for the files a visitor sends (docs/behaviour.md#file-rules): which extensions an
 * inbox accepts and how large a file may be. The server works them out from the inbox's
 * settings (`server/uploads/fileTypes.ts`) and sends them in the data block; the widget checks a
 * file against them before a byte is uploaded, and the server checks it again, by its bytes too.
 */

/** An inbox's effective file rules, as `chatwootWebChannel.fileRules` carries them. */
export interface FileRules {
  /** The extensions a visitor may send, lower case, without the dot. */
  extensions: string[];
  /** The largest file, in MB: the inbox's own limit, never above the server's. */
  maxSizeMb: number;
}

/** Why a file is refused before upload. */
export type FileProblem = 'too_large' | 'type_not_allowed';

/** The lower-case extension of `fileName` (no dot), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1].toLowerCase() : '';
}

/**
 * Why `file` may not be sent under `rules`, or null when it may. A file named without an
 * extension (a pasted or recorded one) is judged by its MIME subtype (`image/png` → `png`).
 */
export function fileProblem(rules: FileRules, file: { name: string; type: string; size: number }): FileProblem | null {
  if (file.size > rules.maxSizeMb * 1024 * 1024) return 'too_large';
  const extension = extensionOf(file.name) || (file.type.split(';')[0].split('/')[1] ?? '').trim().toLowerCase();
  return rules.extensions.includes(extension) ? null : 'type_not_allowed';
}
