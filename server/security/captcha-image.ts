import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '../../domain/constants';

/** svg-captcha's options for drawing given text (its typings describe only the helpers it exports). */
interface DrawOptions {
  width: number;
  height: number;
  fontSize: number;
  noise: number;
  color: boolean;
}

/** svg-captcha's main export: draws the given text as an SVG document. */
type DrawCaptcha = (text: string, options: DrawOptions) => string;

let draw: Promise<DrawCaptcha> | null = null;

/**
 * Draws a captcha's text as a 120×32 SVG with svg-captcha (glyphs as paths, so the text is not in the
 * document, and a few noise curves; the background is transparent, the page gives it one), as a data URL the client shows in an <img>. The text is chosen by
 * the caller from a CSPRNG; svg-captcha only draws it. The library (and its font) loads at the first captcha.
 */
export async function drawCaptcha(text: string): Promise<string> {
  draw ??= import('svg-captcha').then((loaded) => {
    const module = loaded as unknown as { default?: DrawCaptcha } & DrawCaptcha;
    return module.default ?? module;
  });
  const svg = (await draw)(text, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 34,
    noise: 2,
    // Dark grey glyphs: svg-captcha's random colours include pale ones that are hard to read on a light page.
    color: false,
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
