import { describe, expect, it } from 'vitest';
import {
  buildDepartmentTree,
  deleteRefusal,
  descendantIds,
  type FlatDepartment,
  moveRefusal,
  sameDepartmentName,
} from '../../../domain/rules/departments';

// 1 ─ 2 ─ 3 ─ 4, 1 ─ 5, and 6 alone.
const links = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 3 },
  { id: 5, parentId: 1 },
  { id: 6, parentId: null },
];

describe('moveRefusal', () => {
  it.each([
    ['to the top level', 3, null, null],
    ['under a sibling', 5, 2, null],
    ['under an unrelated department', 1, 6, null],
    ['under its superior’s superior', 4, 1, null],
    ['under itself', 2, 2, 'errors.departments.moveUnderItself'],
    ['under its own child', 1, 2, 'errors.departments.moveUnderDescendant'],
    ['under its own grandchild', 2, 4, 'errors.departments.moveUnderDescendant'],
    ['under a deep descendant', 1, 4, 'errors.departments.moveUnderDescendant'],
  ] as const)('moving %s', (_case, id, parent, expected) => {
    expect(moveRefusal(links, id, parent)).toBe(expected);
  });

  it('stops on a loop already in the data instead of walking forever', () => {
    const looped = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: null },
    ];
    expect(moveRefusal(looped, 3, 1)).toBeNull();
  });
});

describe('deleteRefusal', () => {
  it.each([
    [{ children: 0, members: 0 }, null],
    [{ children: 1, members: 0 }, 'errors.departments.hasChildren'],
    [{ children: 0, members: 3 }, 'errors.departments.hasMembers'],
    [{ children: 2, members: 3 }, 'errors.departments.hasChildren'],
  ] as const)('%o -> %s', (counts, expected) => {
    expect(deleteRefusal(counts)).toBe(expected);
  });
});

describe('sameDepartmentName', () => {
  it.each([
    ['R&D', 'r&d', true],
    [' Lab ', 'Lab', true],
    ['ＬＡＢ', 'lab', true],
    ['Lab A', 'Lab B', false],
  ])('%s vs %s', (a, b, expected) => {
    expect(sameDepartmentName(a, b)).toBe(expected);
  });
});

describe('buildDepartmentTree', () => {
  const flat = (id: number, parent: number | null): FlatDepartment => ({
    ID: id,
    Name: `D${id}`,
    ParentID: parent,
    ManagerID: null,
    ManagerName: null,
    Description: '',
    MemberCount: 0,
  });
  const shape = (nodes: ReturnType<typeof buildDepartmentTree>): unknown[] =>
    nodes.map((node) => [node.ID, shape(node.Children)]);

  it('nests children under their superiors in the given order', () => {
    const tree = buildDepartmentTree([flat(1, null), flat(2, 1), flat(3, 2), flat(5, 1), flat(6, null)]);
    expect(shape(tree)).toEqual([
      [
        1,
        [
          [2, [[3, []]]],
          [5, []],
        ],
      ],
      [6, []],
    ]);
  });

  it('puts a department whose superior is missing at the top level', () => {
    expect(shape(buildDepartmentTree([flat(2, 99)]))).toEqual([[2, []]]);
  });

  it('shows departments of a stored loop at the top level instead of losing them', () => {
    const tree = buildDepartmentTree([flat(1, 2), flat(2, 1), flat(3, 1)]);
    expect(shape(tree)).toEqual([
      [1, [[3, []]]],
      [2, []],
    ]);
  });
});

describe('descendantIds', () => {
  it.each([
    [1, [2, 5, 3, 4]],
    [3, [4]],
    [4, []],
  ])('below %i', (id, expected) => {
    expect(descendantIds(links, id)).toEqual(expected);
  });
});
