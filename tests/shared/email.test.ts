import { isEmailAddress } from '../../src/shared/email';

describe('the e-mail address check', () => {
  it.each(['ana@example.com', 'a.b+tag@mail.example.co.uk'])('accepts %j', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(['', 'ana', 'ana@example', '@example.com', 'ana @example.com', ' ana@example.com', 'ana@@example.com'])(
    'refuses %j',
    (address) => {
      expect(isEmailAddress(address)).toBe(false);
    },
  );
});
