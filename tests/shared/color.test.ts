import { DARK_TEXT, HEX_COLOR, isLightColor, LIGHT_LUMINANCE, luminance } from '../../src/shared/color';

describe('whether a brand colour is light', () => {
  it.each([
    ['#ffffff', true],
    ['#000000', false],
    ['#1f93ff', true],
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

  it('picks whichever text colour has the higher contrast ratio', () => {
    // White on the default blue is 3.1:1, dark text 5.0:1 (WCAG): dark text wins.
    expect(isLightColor('#1f93ff')).toBe(true);
    // A deep blue keeps white text.
    expect(isLightColor('#0b4f9e')).toBe(false);
    // Mid grey: white 4.5:1 against dark text 3.8:1.
    expect(isLightColor('#767676')).toBe(false);
  });

  it('draws the line where dark text and white have the same contrast ratio', () => {
    const dark = luminance(DARK_TEXT) / 255 ** 2 + 0.05;
    expect(LIGHT_LUMINANCE / 255 ** 2).toBeCloseTo(Math.sqrt(1.05 * dark) - 0.05, 4);
    // Either side of the line, the ratios say the same as the constant.
    const ratios = (hex: string) => {
      const l = luminance(hex) / 255 ** 2 + 0.05;
      return { dark: l / dark, white: 1.05 / l };
    };
    for (let grey = 0; grey < 256; grey += 1) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      const { dark: onDark, white } = ratios(hex);
      if (Math.abs(onDark - white) > 0.01) expect(isLightColor(hex)).toBe(onDark > white);
    }
  });

  it('weighs green more than red, as the eye does', () => {
    // Pure green takes dark text; pure red, as bright to a naive sum, keeps white.
    expect(isLightColor('#00ff00')).toBe(true);
    expect(isLightColor('#ff0000')).toBe(false);
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
