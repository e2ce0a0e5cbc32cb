import { describe, expect, it } from 'vitest';
import { headerProductCount, splitHeaderProducts } from '../../../domain/rules/header-menu';

describe('headerProductCount', () => {
  it.each([
    [800, 7],
    [1279, 7],
    [1280, 7],
    [1281, 8],
    [1366, 8],
    [1440, 8],
    [1441, 9],
    [1600, 9],
    [1601, 11],
    [1920, 11],
    [3840, 11],
  ])('Chinese at %i px shows %i products', (width, count) => {
    expect(headerProductCount(width, 'zh-CN')).toBe(count);
  });

  it.each([
    [800, 4],
    [1280, 4],
    [1300, 4],
    [1301, 5],
    [1440, 5],
    [1480, 5],
    [1481, 6],
    [1700, 6],
    [1701, 7],
    [1880, 7],
    [1881, 8],
    [1920, 8],
    [2000, 8],
    [2001, 9],
    [2250, 9],
    [2251, 10],
    [2500, 10],
    [2501, 11],
    [3840, 11],
  ])('English at %i px shows %i products', (width, count) => {
    expect(headerProductCount(width, 'en-US')).toBe(count);
  });

  it('never shows fewer than 4 or more than 11', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (let width = 0; width <= 4000; width += 10) {
        const count = headerProductCount(width, language);
        expect(count).toBeGreaterThanOrEqual(4);
        expect(count).toBeLessThanOrEqual(11);
      }
    }
  });
});

describe('splitHeaderProducts', () => {
  const products = ['ELN', 'CIMS', 'LIMS', 'PM', 'IM', 'STABILITY', 'MOLSIM', 'SDH'];

  it('puts the products past the count under More, in order', () => {
    expect(splitHeaderProducts(products, 5)).toEqual({
      shown: ['ELN', 'CIMS', 'LIMS', 'PM', 'IM'],
      more: ['STABILITY', 'MOLSIM', 'SDH'],
    });
  });

  it('leaves More empty when every product fits', () => {
    expect(splitHeaderProducts(products, 8)).toEqual({ shown: products, more: [] });
    expect(splitHeaderProducts(products, 11)).toEqual({ shown: products, more: [] });
    expect(splitHeaderProducts([], 4)).toEqual({ shown: [], more: [] });
  });
});
