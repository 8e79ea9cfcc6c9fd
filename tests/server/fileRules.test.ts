import { CONTENT_RULE_EXTENSIONS } from '../../server/uploads/realType';
import { admittedExtensions, effectiveFileRules, KNOWN_EXTENSIONS } from '../../server/uploads/fileTypes';
import { fileProblem } from '../../src/shared/fileRules';

const MB = 1024 * 1024;

describe('file rules', () => {
  const rules = effectiveFileRules({ allowed_types: ['image/*', 'pdf'], max_size_mb: 2 }, 40);

  it('allows a file of an allowed type up to the size, by name or, for a name without one, by MIME type', () => {
    expect(fileProblem(rules, { name: 'Cat.PNG', type: 'image/png', size: 2 * MB })).toBeNull();
    expect(fileProblem(rules, { name: 'invoice.pdf', type: 'application/pdf', size: 1 })).toBeNull();
    expect(fileProblem(rules, { name: 'image', type: 'image/png', size: 1 })).toBeNull();
  });

  it('names why a file is refused: too large, or of a type the inbox does not take', () => {
    expect(fileProblem(rules, { name: 'cat.png', type: 'image/png', size: 2 * MB + 1 })).toBe('too_large');
    expect(fileProblem(rules, { name: 'setup.exe', type: 'application/x-msdownload', size: 1 })).toBe('type_not_allowed');
    expect(fileProblem(rules, { name: 'notes.txt', type: 'text/plain', size: 1 })).toBe('type_not_allowed');
    expect(fileProblem(rules, { name: 'README', type: '', size: 1 })).toBe('type_not_allowed');
  });

  it("never allows more than the server's list, nor a size above its limit", () => {
    expect(effectiveFileRules({ max_size_mb: 100 }, 40)).toEqual({ extensions: [...KNOWN_EXTENSIONS], maxSizeMb: 40 });
    expect(admittedExtensions(['exe', 'application/x-msdownload', 'PDF', '.zip'])).toEqual({
      extensions: ['pdf', 'zip'],
      unknown: ['exe', 'application/x-msdownload'],
    });
    expect(KNOWN_EXTENSIONS).not.toContain('exe');
  });

  it('has a content rule for every extension the server accepts, so none is refused for want of one', () => {
    expect([...CONTENT_RULE_EXTENSIONS].sort()).toEqual([...KNOWN_EXTENSIONS].sort());
  });
});
