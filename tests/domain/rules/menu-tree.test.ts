import { describe, expect, it } from 'vitest';
import {
  authorisedCodes,
  authoriseMenus,
  MENU_CATALOGUE,
  type MenuDefinition,
} from '../../../domain/rules/menu-tree';

const catalogue: MenuDefinition[] = [
  { code: 'mine', audience: 'member', children: [{ code: 'a', audience: 'member' }] },
  { code: 'org', audience: 'admin', children: [{ code: 'b', audience: 'admin' }] },
  { code: 'mixed', audience: 'member', children: [{ code: 'c', audience: 'admin' }] },
  { code: 'leaf', audience: 'member' },
];

describe('authoriseMenus', () => {
  it('authorises member pages for everyone and admin pages for administrators', () => {
    const member = authoriseMenus(catalogue, false);
    expect(member.map((m) => [m.code, m.hasAuth])).toEqual([
      ['mine', true],
      ['org', false],
      ['mixed', false], // a group with no authorised child is not authorised
      ['leaf', true],
    ]);
    expect(authoriseMenus(catalogue, true).every((m) => m.hasAuth)).toBe(true);
  });

  it('covers every menu code of the product once', () => {
    const codes: string[] = [];
    const walk = (menus: MenuDefinition[]) =>
      menus.forEach((m) => {
        codes.push(m.code);
        walk(m.children ?? []);
      });
    walk(MENU_CATALOGUE);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('info');
    expect(codes).toContain('ssoAuth');
  });
});

describe('authorisedCodes', () => {
  it('collects authorised codes at every depth', () => {
    const tree = [
      {
        Code: 'g',
        HasAuth: true,
        Children: [
          { Code: 'x', HasAuth: true, Children: [] },
          { Code: 'y', HasAuth: false, Children: [] },
        ],
      },
    ];
    expect([...authorisedCodes(tree)]).toEqual(['g', 'x']);
  });
});
