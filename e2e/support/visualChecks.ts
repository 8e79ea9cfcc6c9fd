import type { BrowserContext, Locator } from '@playwright/test';

/**
 * How a focused control shows its focus: whether the browser treats the focus as keyboard
 * focus (`:focus-visible`), and the outline or box-shadow drawn for it (`none` when neither).
 */
export function focusIndicator(control: Locator): Promise<{ focusVisible: boolean; indicator: string }> {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : '';
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : '';
    return { focusVisible: el.matches(':focus-visible'), indicator: outline || shadow || 'none' };
  });
}

/**
 * Every element under `root` (its document when it is `html`, or the shadow root of a shadow
 * host) that would animate or transition for longer than 1 ms, as `selector: property duration`.
 */
export function lastingMotion(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const scope: ParentNode = el.shadowRoot ?? el.ownerDocument;
    // `0.8s, 0s` → the longest, in seconds; animation-name `none` never runs whatever its duration.
    const longest = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)));
    return [...scope.querySelectorAll('*')].flatMap((node) => {
      const style = getComputedStyle(node);
      const name = `${node.localName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
      const found: string[] = [];
      if (style.animationName !== 'none' && longest(style.animationDuration) > 0.001)
        found.push(`${name}: animation ${style.animationName} ${style.animationDuration}`);
      if (longest(style.transitionDuration) > 0.001)
        found.push(`${name}: transition ${style.transitionProperty} ${style.transitionDuration}`);
      return found;
    });
  });
}

/**
 * What outlines a control under forced colours, where backgrounds and box-shadows are replaced
 * by the system's: a border or an outline that is drawn (not `none`, not transparent), or
 * `none` when the control has lost its shape.
 */
export function forcedColorsEdge(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    const drawn = (lineStyle: string, width: string, color: string) =>
      lineStyle !== 'none' && parseFloat(width) > 0 && !/rgba\(.*,\s*0\)$|transparent/.test(color);
    if (drawn(style.borderTopStyle, style.borderTopWidth, style.borderTopColor))
      return `border ${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`;
    if (drawn(style.outlineStyle, style.outlineWidth, style.outlineColor))
      return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    return 'none';
  });
}

/**
 * The share of a PNG's pixels that are clearly coloured (their channels more than 60 apart): a
 * colour emoji has plenty, a black-and-white glyph on a light or dark background none. The PNG is
 * decoded by the browser, in a blank page of `context`.
 */
export async function colourfulShare(context: BrowserContext, png: Buffer): Promise<number> {
  const page = await context.newPage();
  try {
    return await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(image, 0, 0);
      const { data } = context2d.getImageData(0, 0, image.width, image.height);
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 60) coloured++;
      }
      return coloured / (data.length / 4);
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

/**
 * WCAG contrast of a mark (an icon in `currentColor`) against what it is drawn on. A mark with a
 * background of its own (a disc) must stand out from its surroundings and carry its glyph: the
 * lower of the two ratios. Otherwise its colour against the nearest ancestor's background.
 */
export function markContrast(mark: Locator): Promise<number> {
  return mark.evaluate((el) => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = rgba(css)
        .map((c) => c / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    const opaque = (css: string) => css !== 'transparent' && (rgba(css)[3] ?? 1) > 0;
    let behind = el.parentElement;
    while (behind && !opaque(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    const backdrop = behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)';
    const own = getComputedStyle(el);
    return opaque(own.backgroundColor)
      ? Math.min(ratio(own.color, own.backgroundColor), ratio(own.backgroundColor, backdrop))
      : ratio(own.color, backdrop);
  });
}
