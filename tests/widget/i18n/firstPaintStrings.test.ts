import en from '../../../locales/en.json';
import { firstPaintKeys, firstPaintModules } from '../../../scripts/firstPaintStrings.mjs';

// The first paint carries only the English strings its own modules name (build.mjs), so the
// budget pays for the shell, home and header, not for every view (issue 14).

describe('the strings of the first paint', () => {
  const keys = firstPaintKeys();

  it('are the ones the shell, home and header name', () => {
    for (const key of ['CHAT_WITH_US', 'START_CONVERSATION', 'END_CONVERSATION', 'HEADER.BACK', 'REPLY_TIME.BY_EMAIL', 'CONNECTION.LOST'])
      expect(keys).toContain(key);
  });

  it('leave out what only lazy views show', () => {
    for (const key of ['COMPOSER.PLACEHOLDER', 'MESSAGE.READ', 'CSAT.TITLE', 'UNREAD.SEE_NEW', 'END_CONVERSATION.CONFIRM_TITLE'])
      expect(keys).not.toContain(key);
  });

  it('come from the modules main.tsx imports statically, not from lazy views', () => {
    const modules = firstPaintModules().map((file) => file.replace(/.*\/src\//, 'src/'));
    expect(modules).toEqual(expect.arrayContaining(['src/widget/main.tsx', 'src/widget/views/App.tsx', 'src/widget/views/Home.tsx']));
    expect(modules).not.toContain('src/widget/views/Messages.tsx');
  });

  it('are all English keys', () => {
    for (const key of keys) expect(Object.keys(en)).toContain(key);
  });
});
