import { composePhoneNumber } from '../../../src/widget/lib/phoneNumber';

describe('the phone number sent', () => {
  it('puts the country code before the number, without spaces, dots, dashes or brackets', () => {
    expect(composePhoneNumber('+49', '151 1234-5678')).toBe('+4915112345678');
    expect(composePhoneNumber('+1', '(415) 555.0100')).toBe('+14155550100');
  });

  it('drops the national trunk 0 (UK 07700 → +44 7700), except where it is part of the number', () => {
    expect(composePhoneNumber('+44', '07700 900123')).toBe('+447700900123');
    expect(composePhoneNumber('+39', '06 6982')).toBe('+39066982');
    expect(composePhoneNumber('+225', '07 07 12 34 56')).toBe('+2250707123456');
  });

  it('takes a number typed with its own + or 00 as it is, whatever the country', () => {
    expect(composePhoneNumber('+1', '+44 7700 900123')).toBe('+447700900123');
    expect(composePhoneNumber('+1', '0044 7700 900123')).toBe('+447700900123');
    expect(composePhoneNumber(undefined, '+4915112345678')).toBe('+4915112345678');
  });

  it('keeps the digits without + when no country is chosen (the form asks for one)', () => {
    expect(composePhoneNumber(undefined, '0151 12345678')).toBe('015112345678');
  });

  it('is empty when nothing was typed', () => {
    expect(composePhoneNumber('+49', '  ')).toBe('');
  });
});
