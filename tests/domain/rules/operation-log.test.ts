import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  moduleNameKey,
  spreadsheetText,
} from '../../../domain/rules/operation-log';

describe('spreadsheetText', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['Saved the IP whitelist', 'Saved the IP whitelist'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j -> %j', (value, text) => {
    expect(spreadsheetText(value)).toBe(text);
  });
});

describe('cursors', () => {
  it('round-trips and refuses anything else', () => {
    expect(decodeCursor(encodeCursor({ createdAt: 1764150000000, id: 42 }))).toEqual({
      createdAt: 1764150000000,
      id: 42,
    });
    for (const bad of ['', '1', '1.', '.1', '1.2.3', 'a.b', '-1.2', `${'9'.repeat(16)}.1`]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});

describe('moduleNameKey', () => {
  it('names known modules and leaves others as they are', () => {
    expect(moduleNameKey('ipWhitelist')).toBe('governance.operationLog.modules.ipWhitelist');
    expect(moduleNameKey('unknown')).toBeNull();
  });
});
