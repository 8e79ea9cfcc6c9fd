import { HEX_COLOR, isLightColor } from '../../src/shared/color';

describe('whether a brand colour is light', () => {
  it.each([
    ['#ffffff', true],
    ['#000000', false],
    ['#1f93ff', false],
    ['#ffeb3b', true],
    ['#FFFFFF', true],
  ])('%s is light: %s', (hex, light) => {
    expect(isLightColor(hex)).toBe(light);
  });

  it.each([
    ['#fff', true],
    ['#000', false],
    ['#ff0', true],
    ['#00f', false],
    ['#FFF', true],
  ])('reads the 3-digit %s as its 6-digit form (light: %s)', (hex, light) => {
    expect(isLightColor(hex)).toBe(light);
    const long = `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`;
    expect(isLightColor(long)).toBe(light);
  });

  it('puts the threshold at a YIQ brightness of 160', () => {
    // #a0a0a0 has a brightness of exactly 160: not light; one step up is.
    expect(isLightColor('#a0a0a0')).toBe(false);
    expect(isLightColor('#a1a1a1')).toBe(true);
  });

  it('weighs green more than red, as the eye does', () => {
    // Cyan (green + blue) is light; magenta (red + blue) is not.
    expect(isLightColor('#00ffff')).toBe(true);
    expect(isLightColor('#ff00ff')).toBe(false);
  });
});

describe('which colours are accepted at all', () => {
  it.each(['#fff', '#FFF', '#1f93ff', '#1F93FF'])('accepts %s', (hex) => {
    expect(HEX_COLOR.test(hex)).toBe(true);
  });

  it.each(['fff', '#ffff', '#12345', '#1234567', '#ggg', 'red', 'rgb(0,0,0)', '#fff;background:url(x)', ''])('refuses %j', (text) => {
    expect(HEX_COLOR.test(text)).toBe(false);
  });
});
