import type { Language } from '../constants';

/**
 * How many products the header's product menu shows before the rest go into More, by window width
 * (SPEC §9: "4 to 11 products by width. Chinese: 7, 8, 9 and 11 at widths 1280, 1440 and 1600. English
 * breakpoints 1300, 1480, 1700, 1880, 2000, 2250 and 2500").
 *
 * Interpretation: each breakpoint is the widest window (inclusive, CSS `max-width` style) of its band, and
 * the counts go up one band at a time. Chinese: up to 1280 px shows 7, up to 1440 shows 8, up to 1600
 * shows 9, wider shows 11. English names are about twice as long, so it starts at 4: up to 1300 shows 4,
 * up to 1480 shows 5, then 6, 7, 8, 9 and 10 up to 1700, 1880, 2000, 2250 and 2500, and 11 beyond.
 * A 1280-wide window (the smallest common desktop) therefore shows 7 Chinese or 4 English names.
 */
export const HEADER_MENU_BANDS: Readonly<
  Record<Language, { widths: readonly number[]; counts: readonly number[] }>
> = {
  'zh-CN': { widths: [1280, 1440, 1600], counts: [7, 8, 9, 11] },
  'en-US': { widths: [1300, 1480, 1700, 1880, 2000, 2250, 2500], counts: [4, 5, 6, 7, 8, 9, 10, 11] },
};

/** The number of products the header menu shows at a window width (px) in a language (see HEADER_MENU_BANDS). */
export function headerProductCount(width: number, language: Language): number {
  const { widths, counts } = HEADER_MENU_BANDS[language];
  const band = widths.findIndex((limit) => width <= limit);
  return band === -1 ? counts[counts.length - 1] : counts[band];
}

/**
 * Splits the products into those the header shows and those under More. More is only made when it would
 * hold something: with `count` or fewer products, all show.
 */
export function splitHeaderProducts<T>(products: readonly T[], count: number): { shown: T[]; more: T[] } {
  const limit = Math.max(0, count);
  return { shown: products.slice(0, limit), more: products.slice(limit) };
}
