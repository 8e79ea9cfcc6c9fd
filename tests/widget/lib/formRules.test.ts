import { isDate, missedBound, ruleError } from '../../../src/widget/lib/formRules';
import { RULE_MESSAGES } from './formRuleFixture';

describe("the form library's bounds", () => {
  it.each([
    [1, { min: 2 }, 'min'],
    [51, { max: 50 }, 'max'],
    [1, { min: 2, max: 50 }, 'between'],
    [51, { min: 2, max: 50 }, 'between'],
    [2, { min: 2, max: 50 }, undefined],
    [50, { min: 2, max: 50 }, undefined],
    [7, {}, undefined],
    [7, { min: null, max: null }, undefined],
  ] as const)('%d against %j misses %s', (amount, bounds, rule) => {
    expect(missedBound(amount, bounds)).toBe(rule);
  });
});

describe('a date', () => {
  it.each(['2024-02-29', '1999-12-31'])('%s is one', (value) => expect(isDate(value)).toBe(true));
  it.each(['2023-02-29', '2024-13-01', '24-1-1', 'tomorrow'])('%s is none', (value) => expect(isDate(value)).toBe(false));
});

describe('the rule of an answer', () => {
  const check = (kind: Parameters<typeof ruleError>[0], answer: string, bounds = {}) =>
    ruleError(kind, answer, 'Seats', bounds, RULE_MESSAGES);

  it('says the fallback for a number or a date that is none', () => {
    expect(check('number', '12 seats')).toBe("This field isn't valid.");
    expect(check('date', '2024-02-30')).toBe("This field isn't valid.");
  });

  it('wants a link to start with http', () => {
    expect(check('url', 'shop.example')).toBe('Please include a valid url.');
    expect(check('url', 'https://shop.example')).toBeUndefined();
  });

  it("bounds a number's value and a text's length, counting an emoji as one character", () => {
    expect(check('number', '1e3', { max: 999 })).toBe('Seats must be less than or equal to 999.');
    expect(check('text', '😀👍🎉', { max: 3 })).toBeUndefined();
    expect(check('text', 'abcd', { max: 3 })).toBe('Seats must be less than or equal to 3 characters long.');
  });

  it("writes the bounds as the visitor's language writes numbers", () => {
    expect(check('number', '2000', { min: 1, max: 1500 })).toBe('Seats must be between 1 and 1,500.');
    const german = { ...RULE_MESSAGES, locale: 'de' };
    expect(ruleError('number', '2000', 'Plätze', { min: 1, max: 1500 }, german)).toBe('Plätze must be between 1 and 1.500.');
  });
});
