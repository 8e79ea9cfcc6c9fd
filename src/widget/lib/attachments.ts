import { extensionOf, fileProblem, type FileProblem, type FileRules } from '../../shared/fileRules';

/**
 * The inbox's file rules applied to what the visitor picked, pasted or dropped, before a byte is
 * uploaded (docs/behaviour.md#file-rules). The rules are the server's, from the data block, so
 * the widget refuses what the server would; the server checks again, by the bytes too.
 */

/** A file the inbox's rules refuse, and why. */
export interface RefusedFile {
  file: File;
  problem: FileProblem;
}

/** Sorts files into those that may be sent and those refused, with why (`fileProblem`). */
export function checkFiles(files: readonly File[], rules: FileRules): { accepted: File[]; refused: RefusedFile[] } {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const problem = fileProblem(rules, file);
    if (problem) refused.push({ file, problem });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The words a refusal needs: the limit it broke, or the type the inbox does not take. */
export interface RefusalTexts {
  tooLarge(limit: string): string;
  /** A file whose extension names its type: `.exe` files are not taken. */
  typeRefused(name: string, extension: string): string;
  /** A file without an extension. */
  typeNotAllowed: string;
}

/** What the visitor is told about a refused file, naming the rule it broke. */
export function refusalMessage({ file, problem }: RefusedFile, rules: FileRules, texts: RefusalTexts): string {
  if (problem === 'too_large') return texts.tooLarge(`${rules.maxSizeMb} MB`);
  const extension = extensionOf(file.name);
  return extension ? texts.typeRefused(file.name, extension) : texts.typeNotAllowed;
}
