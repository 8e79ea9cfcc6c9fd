import { isEmailAddress, isSingleEmailAddress } from '../../src/shared/email';

describe('the e-mail address check', () => {
  it.each([
    'ana@example.com',
    'a.b+tag@mail.example.co.uk',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example',
    'josé@ejemplo.es',
    'пользователь@пример.рф',
    'ana@xn--bcher-kva.example',
  ])('accepts %j', (address) => {
    expect(isSingleEmailAddress(address)).toBe(true);
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    '',
    'ana',
    'ana@example',
    '@example.com',
    'ana @example.com',
    ' ana@example.com',
    'ana@@example.com',
    // What a mail header would read as a second recipient, a comment or a name.
    'v@x.example,postmaster',
    'v@x.example;root',
    'v@x.example, root@x.example',
    'Ana <ana@example.com>',
    'ana@example.com (Ana)',
    '"ana"@example.com',
    'ana\\@example.com',
    'ana@[127.0.0.1]',
    'ana@example.com\r\nBcc: root@x.example',
    'ana@example.com\u0000',
  ])('refuses %j', (address) => {
    expect(isSingleEmailAddress(address)).toBe(false);
  });
});
