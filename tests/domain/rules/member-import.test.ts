import { describe, expect, it } from 'vitest';
import {
  checkImportRows,
  departmentPaths,
  type ImportContext,
  importCellText,
  resolveImportRows,
} from '../../../domain/rules/member-import';

const cells = (
  values: Partial<Record<'name' | 'mobile' | 'email' | 'department' | 'superior' | 'products', string>>,
) => ({
  name: 'Ada',
  mobile: '',
  email: '',
  department: '',
  superior: '',
  products: '',
  ...values,
});

describe('checkImportRows', () => {
  it.each([
    ['a mobile with spaces', { mobile: '139 0000 0001' }, []],
    ['a mobile with +86 and hyphens', { mobile: '+86 139-0000-0001' }, []],
    ['full-width digits', { mobile: '１３９０００００００１' }, []],
    ['an email only', { email: 'Ada@Lab.test' }, []],
    ['no name', { name: '  ', mobile: '13900000001' }, ['name:errors.memberImport.nameRequired']],
    [
      'a name too long',
      { name: 'x'.repeat(51), mobile: '13900000001' },
      ['name:errors.memberImport.nameTooLong'],
    ],
    ['neither mobile nor email', {}, ['mobile:errors.memberImport.accountRequired']],
    ['a short mobile', { mobile: '1390000' }, ['mobile:errors.memberImport.invalidMobile']],
    ['a bad email', { email: 'ada@lab' }, ['email:errors.memberImport.invalidEmail']],
    [
      'a superior that is no account',
      { mobile: '13900000001', superior: 'Bob' },
      ['superior:errors.memberImport.invalidSuperior'],
    ],
  ])('%s', (_label, values, expected) => {
    const { problems } = checkImportRows([{ row: 2, cells: cells(values) }]);
    expect(problems.map((p) => `${p.Column}:${p.key}`)).toEqual(expected);
  });

  it('folds duplicates: spaces, hyphens, +86, full-width digits and email case are the same account', () => {
    const { rows, problems } = checkImportRows([
      { row: 2, cells: cells({ mobile: '13900000001', email: 'a@lab.test' }) },
      { row: 3, cells: cells({ mobile: '139 0000 0001' }) },
      { row: 4, cells: cells({ mobile: '+86１３９００００００01' }) },
      { row: 5, cells: cells({ email: 'A@LAB.TEST' }) },
      { row: 6, cells: cells({ mobile: '13900000002' }) },
    ]);
    expect(problems).toEqual([
      { Row: 3, Column: 'mobile', key: 'errors.memberImport.duplicateInFile', params: { row: 2 } },
      { Row: 4, Column: 'mobile', key: 'errors.memberImport.duplicateInFile', params: { row: 2 } },
      { Row: 5, Column: 'email', key: 'errors.memberImport.duplicateInFile', params: { row: 2 } },
    ]);
    expect(rows.map((r) => r.mobile)).toEqual(['13900000001', null, null, null, '13900000002']);
  });

  it('splits departments on / and products on commas of either width', () => {
    const { rows } = checkImportRows([
      {
        row: 2,
        cells: cells({
          mobile: '13900000001',
          department: ' R&D / Chemistry ',
          products: 'ELN，CIMS; eln、PM',
        }),
      },
    ]);
    expect(rows[0]).toMatchObject({
      department: ['R&D', 'Chemistry'],
      products: ['ELN', 'CIMS', 'eln', 'PM'],
    });
  });
});

describe('checkImportRows of SSO accounts', () => {
  it('needs an external id (unique in the file) but no mobile or email', () => {
    const { rows, problems } = checkImportRows(
      [
        { row: 2, cells: { ...cells({}), externalId: 'u-1' } },
        { row: 3, cells: { ...cells({}), externalId: ' u-1 ' } },
        { row: 4, cells: { ...cells({}), externalId: '' } },
        { row: 5, cells: { ...cells({}), externalId: 'x'.repeat(129) } },
      ],
      'sso',
    );
    expect(problems.map((p) => `${p.Row}:${p.Column}:${p.key}`)).toEqual([
      '3:externalId:errors.memberImport.duplicateInFile',
      '4:externalId:errors.memberImport.externalIdRequired',
      '5:externalId:errors.memberImport.externalIdTooLong',
    ]);
    expect(rows[0]).toMatchObject({ externalId: 'u-1', mobile: null, email: null });
  });
});

describe('resolveImportRows', () => {
  const context: ImportContext = {
    taken: new Set(['13900000009', 'taken@lab.test']),
    departments: departmentPaths([
      { id: 1, parentId: null, name: 'R&D' },
      { id: 2, parentId: 1, name: 'Chemistry' },
    ]),
    products: [
      { code: 'ELN', names: ['电子实验记录本', 'Electronic lab notebook'], seats: null, used: 0 },
      { code: 'CIMS', names: [], seats: 1, used: 0 },
    ],
    members: new Map([['boss@lab.test', 7]]),
  };
  const resolve = (values: Parameters<typeof cells>[0][]) =>
    resolveImportRows(checkImportRows(values.map((v, i) => ({ row: i + 2, cells: cells(v) }))).rows, context);

  it.each([
    ['a taken mobile', { mobile: '13900000009' }, 'mobile:errors.memberImport.accountTaken'],
    ['a taken email', { email: 'TAKEN@lab.test' }, 'email:errors.memberImport.accountTaken'],
    [
      'an unknown department',
      { mobile: '13900000001', department: 'Chemistry' },
      'department:errors.memberImport.unknownDepartment',
    ],
    [
      'an unknown product',
      { mobile: '13900000001', products: 'LIMS' },
      'products:errors.memberImport.unknownProduct',
    ],
    [
      'an unknown superior',
      { mobile: '13900000001', superior: 'who@lab.test' },
      'superior:errors.memberImport.unknownSuperior',
    ],
    [
      'oneself as superior',
      { mobile: '13900000001', superior: '139 0000 0001' },
      'superior:errors.memberImport.superiorSelf',
    ],
  ])('refuses %s', (_label, values, expected) => {
    expect(resolve([values]).problems.map((p) => `${p.Column}:${p.key}`)).toEqual([expected]);
  });

  it('resolves department paths, product codes or names, and superiors in the database or the file', () => {
    const { rows, problems } = resolve([
      { mobile: '13900000001', department: 'R&D/Chemistry', products: 'eln', superior: 'boss@lab.test' },
      { mobile: '13900000002', products: '电子实验记录本,CIMS', superior: '13900000001' },
    ]);
    expect(problems).toEqual([]);
    expect(rows).toMatchObject([
      { deptId: 2, products: ['ELN'], superior: { id: 7 } },
      { deptId: null, products: ['ELN', 'CIMS'], superior: { account: '13900000001' } },
    ]);
  });

  it('lists every problem of a row: its format and what the database says', () => {
    const checked = checkImportRows([
      { row: 2, cells: cells({ mobile: '123', department: 'Nowhere', products: 'LIMS' }) },
    ]);
    const resolved = resolveImportRows(checked.rows, context);
    expect([...checked.problems, ...resolved.problems].map((p) => `${p.Column}:${p.key}`)).toEqual([
      'mobile:errors.memberImport.invalidMobile',
      'department:errors.memberImport.unknownDepartment',
      'products:errors.memberImport.unknownProduct',
    ]);
  });

  it('names the row that takes one seat too many', () => {
    const { problems } = resolve([
      { mobile: '13900000001', products: 'CIMS' },
      { mobile: '13900000002', products: 'CIMS' },
      { mobile: '13900000003', products: 'CIMS' },
    ]);
    expect(problems).toEqual([
      {
        Row: 3,
        Column: 'products',
        key: 'errors.memberImport.seatsExceeded',
        params: { product: 'CIMS', seats: 1 },
      },
    ]);
  });
});

describe('importCellText', () => {
  it.each([
    [null, ''],
    ['=1+1', '=1+1'],
    [13900000001, '13900000001'],
    [1.5, '1.5'],
    [true, 'TRUE'],
    [{ formula: 'SUM(A1:A2)', result: 3 }, '=SUM(A1:A2)'],
    [{ richText: [{ text: 'Ada ' }, { text: 'Lovelace' }] }, 'Ada Lovelace'],
    [{ text: 'link', hyperlink: 'http://x' }, 'link'],
  ])('reads %j as %j', (value, expected) => {
    expect(importCellText(value)).toBe(expected);
  });
});
