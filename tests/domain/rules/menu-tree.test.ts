import { describe, expect, it } from 'vitest';
import {
  accessibleCodes,
  authorisedCodes,
  authoriseMenus,
  configurableMenus,
  menuChoiceRefusal,
  menuCodes,
  normaliseChoice,
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

describe('menu access by role type and member', () => {
  const tree: MenuDefinition[] = [
    {
      code: 'personalCenter',
      audience: 'member',
      children: [
        { code: 'info', audience: 'member' },
        { code: 'password', audience: 'member' },
        { code: 'loginLog', audience: 'member' },
      ],
    },
    {
      code: 'organization',
      audience: 'admin',
      children: [
        { code: 'orgInfo', audience: 'admin' },
        { code: 'authorize', audience: 'admin' },
      ],
    },
  ];
  const access = (hidden: string[], overrides: Array<[string, boolean]> = []) => ({
    hidden: new Set(hidden),
    overrides: new Map(overrides),
  });

  it.each<[string, boolean, ReturnType<typeof access>, string[]]>([
    ['a member without settings', false, access([]), ['personalCenter', 'info', 'password', 'loginLog']],
    ['a page hidden from the role', false, access(['loginLog']), ['personalCenter', 'info', 'password']],
    [
      'own grant over the role',
      false,
      access(['loginLog'], [['loginLog', true]]),
      ['personalCenter', 'info', 'password', 'loginLog'],
    ],
    [
      'own hiding over the role',
      false,
      access([], [['info', false]]),
      ['personalCenter', 'password', 'loginLog'],
    ],
    [
      'a member granted an admin page still cannot open it',
      false,
      access([], [['orgInfo', true]]),
      ['personalCenter', 'info', 'password', 'loginLog'],
    ],
    [
      'the password page and its group cannot be hidden',
      false,
      access(['password', 'personalCenter']),
      ['personalCenter', 'info', 'password', 'loginLog'],
    ],
    [
      'a hidden group hides its pages',
      true,
      access(['organization']),
      ['personalCenter', 'info', 'password', 'loginLog'],
    ],
    [
      'a group with every page hidden is hidden',
      true,
      access(['orgInfo', 'authorize']),
      ['personalCenter', 'info', 'password', 'loginLog'],
    ],
    [
      'an administrator without settings',
      true,
      access([]),
      ['personalCenter', 'info', 'password', 'loginLog', 'organization', 'orgInfo', 'authorize'],
    ],
  ])('%s', (_name, isAdmin, settings, expected) => {
    expect([...accessibleCodes(tree, isAdmin, settings)]).toEqual(expected);
  });

  it('offers a role type only the menus of its audience', () => {
    expect(menuCodes(configurableMenus(tree, 'member'))).toEqual([
      'personalCenter',
      'info',
      'password',
      'loginLog',
    ]);
    expect(menuCodes(configurableMenus(tree, 'admin'))).toHaveLength(7);
  });

  it.each<[string, 'admin' | 'member', string[], string | null]>([
    ['pages of the role', 'member', ['info', 'password'], null],
    ['the password page left out', 'member', ['info'], 'errors.menuAccess.alwaysOn'],
    ['an admin page for members', 'member', ['password', 'orgInfo'], 'errors.menuAccess.unknownMenu'],
    ['an unknown code', 'admin', ['password', 'nope'], 'errors.menuAccess.unknownMenu'],
    ['admin pages for administrators', 'admin', ['password', 'orgInfo'], null],
  ])('a save of %s', (_name, role, chosen, expected) => {
    expect(menuChoiceRefusal(tree, role, chosen)).toBe(expected);
  });

  it('counts a group chosen when any of its pages is', () => {
    expect([...normaliseChoice(tree, 'admin', ['password', 'orgInfo'])]).toEqual([
      'password',
      'orgInfo',
      'personalCenter',
      'organization',
    ]);
  });
});
