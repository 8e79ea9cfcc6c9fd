import { TIME_OF_DAY } from '../../src/shared/timeOfDay';

describe('the time of day of a message', () => {
  const at = (hours: number, minutes: number) => new Date(2024, 5, 10, hours, minutes);

  it.each([
    ['en-US', at(21, 58), '9:58 PM'],
    ['en-US', at(9, 5), '9:05 AM'],
    ['de', at(21, 58), '21:58'],
    ['fr', at(9, 5), '9:05'],
  ])('reads in %s as the language writes it, %s as %s', (locale, date, text) => {
    expect(new Intl.DateTimeFormat(locale, TIME_OF_DAY).format(date).replace(/\s/g, ' ')).toBe(text);
  });
});
