import type { FileRules } from '../../shared/fileRules';

/**
 * The file picker's `accept` attribute: the inbox's extensions (docs/behaviour.md#file-rules), so
 * the picker offers what the inbox takes. It is a hint the system may ignore; the rules are
 * checked again on every pick, paste and drop (`attachments.ts`).
 */
export const filePickerAccept = (rules: FileRules) => rules.extensions.map((extension) => `.${extension}`).join(',');
