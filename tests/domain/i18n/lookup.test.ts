import { describe, expect, it } from 'vitest';
import { findMessage, translateFrom } from '../../../domain/i18n/lookup';

const catalogue = { login: { submit: 'Sign in', greeting: 'Hi {{ name }}, {{name}} again; {{other}}' } };

describe('findMessage', () => {
  it('finds a leaf string by its dotted key, and nothing for a branch or a missing key', () => {
    expect(findMessage(catalogue, 'login.submit')).toBe('Sign in');
    expect(findMessage(catalogue, 'login')).toBeUndefined();
    expect(findMessage(catalogue, 'login.submit.more')).toBeUndefined();
    expect(findMessage(undefined, 'login.submit')).toBeUndefined();
  });
});

describe('translateFrom', () => {
  it('fills every placeholder it has a value for and leaves the others', () => {
    expect(translateFrom(catalogue, 'login.greeting', { name: 'Ada' })).toBe('Hi Ada, Ada again; {{other}}');
  });

  it('gives an unknown key back as itself', () => {
    expect(translateFrom(catalogue, 'login.missing')).toBe('login.missing');
  });
});

describe('translateFrom with a catalogue reference', () => {
  const withProducts = {
    products: { ELN: { name: 'Electronic Lab Notebook' } },
    seats: { over: '$t(products.{{product}}.name|{{product}}) has {{seats}} seats' },
  };

  it('names a thing by its catalogue message, or by the fallback when the catalogue has none', () => {
    expect(translateFrom(withProducts, 'seats.over', { product: 'ELN', seats: 2 })).toBe(
      'Electronic Lab Notebook has 2 seats',
    );
    expect(translateFrom(withProducts, 'seats.over', { product: 'XYZ', seats: 2 })).toBe('XYZ has 2 seats');
  });

  it('inserts values as text: a value never becomes a reference or a placeholder', () => {
    expect(translateFrom(withProducts, 'seats.over', { product: 'a) {{seats}}', seats: '$t(x|y)' })).toBe(
      'a) {{seats}} has $t(x|y) seats',
    );
  });
});
