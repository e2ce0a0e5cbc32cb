import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../domain/i18n';
import { firstPaintCatalogue as englishFirstPaint } from '../../../domain/i18n/en-US/first-paint';
import { firstPaintCatalogue as chineseFirstPaint } from '../../../domain/i18n/zh-CN/first-paint';
import {
  changeLanguage,
  initI18n,
  loadCompleteCatalogue,
  onLanguageChange,
  translateNow,
} from '../../../src/i18n/i18n';

const root = path.resolve(__dirname, '../../..');

/** The source of the login page and of what the shells show around it before any other page loads. */
const LOGIN_SOURCES = [
  'src/desktop/pages/login',
  'src/mobile/pages/login',
  'src/pages/login',
  'src/pages/reset/use-captcha.ts',
  'src/desktop/layouts/route-status.tsx',
  'src/mobile/layouts/route-status.tsx',
  'src/desktop/show-error.ts',
  'src/mobile/show-error.ts',
  'src/adapters/api-client.ts',
  'src/main.tsx',
];

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full, { recursive: true, encoding: 'utf8' }).map((name) => path.join(full, name));
}

/** The catalogue entry at a dotted path: a string for a key, an object for a template key's prefix. */
function entryAt(catalogue: object, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      catalogue,
    );
}

/**
 * Message keys in the login sources: written out in full, or the fixed part of a template key
 * (`common.languages.${code}`), which must then name a group of messages.
 */
function keysInLoginSources(): string[] {
  const namespaces = Object.keys(catalogues['zh-CN']).join('|');
  const pattern = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z][\\w.]*)`, 'g');
  const keys = new Set<string>();
  for (const file of LOGIN_SOURCES.flatMap(sourceFiles)) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
      keys.add(match[1].replace(/\.$/, ''));
    }
  }
  return [...keys];
}

describe('the first-paint strings', () => {
  it('hold every key the login page and its shell use, in both languages', () => {
    const keys = keysInLoginSources();
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      expect(entryAt(chineseFirstPaint, key), `zh-CN ${key}`).toBeDefined();
      expect(entryAt(englishFirstPaint, key), `en-US ${key}`).toBeDefined();
    }
  });

  it('are the same strings as the whole catalogue', () => {
    for (const [language, firstPaint] of [
      ['zh-CN', chineseFirstPaint],
      ['en-US', englishFirstPaint],
    ] as const) {
      const whole = catalogues[language] as Record<string, Record<string, unknown>>;
      for (const [name, part] of Object.entries(firstPaint)) {
        // Errors: only the areas the sign-in can meet are in the first paint, each entry the whole one's
        // (the whole password area adds the guessability reasons only password pages show).
        if (name === 'errors') {
          for (const [area, messages] of Object.entries(part)) {
            const wholeArea = whole.errors[area] as Record<string, unknown>;
            for (const [key, message] of Object.entries(messages)) {
              expect(message, `${language} errors.${area}.${key}`).toBe(wholeArea[key]);
            }
          }
        } else expect(part).toBe(whole[name]);
      }
    }
  });

  it('leave out the errors of pages past the sign-in', () => {
    expect(Object.keys(chineseFirstPaint.errors)).toContain('login');
    expect(Object.keys(chineseFirstPaint.errors)).not.toContain('members');
    expect(Object.keys(englishFirstPaint.errors)).not.toContain('esign');
  });
});

describe('loading the rest of the catalogue', () => {
  it('starts with the first-paint part, fetches the rest for a key it lacks and re-renders with it', async () => {
    await initI18n('en-US');
    expect(translateNow('login.submit')).toBe('Sign in');
    const listener = vi.fn();
    const unsubscribe = onLanguageChange(listener);
    // A key outside the first-paint part gives the key back once, and asks for the rest.
    expect(translateNow('loginLog.title')).toBe('loginLog.title');
    await vi.waitFor(() => expect(listener).toHaveBeenCalled());
    unsubscribe();
    expect(translateNow('loginLog.title')).toBe(catalogues['en-US'].loginLog.title);
  });

  it('loads the whole catalogue of a language switched to afterwards', async () => {
    await loadCompleteCatalogue();
    await changeLanguage('zh-CN');
    expect(translateNow('loginLog.title')).toBe(catalogues['zh-CN'].loginLog.title);
  });
});
