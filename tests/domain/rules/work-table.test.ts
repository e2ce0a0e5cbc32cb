import { describe, expect, it } from 'vitest';
import {
  arrangeWorkTable,
  workTableTourSteps,
  type WorkTableSetting,
} from '../../../domain/rules/work-table';

const apps = [
  { Code: 'ELN', IsAuthorized: true },
  { Code: 'CIMS', IsAuthorized: true },
  { Code: 'LIMS', IsAuthorized: true },
  { Code: 'PM', IsAuthorized: false },
  { Code: 'IM', IsAuthorized: false },
];
const codes = (list: Array<{ Code: string }>) => list.map((app) => app.Code);

describe('arrangeWorkTable', () => {
  it('splits licensed products into My Apps and the rest into More Apps, in the server order', () => {
    const table = arrangeWorkTable(apps, new Map());
    expect(codes(table.myApps)).toEqual(['ELN', 'CIMS', 'LIMS']);
    expect(codes(table.moreApps)).toEqual(['PM', 'IM']);
    expect(table.hidden).toEqual([]);
  });

  it('puts pinned products first in their section and sets hidden ones apart', () => {
    const settings = new Map<string, WorkTableSetting>([
      ['LIMS', { Pinned: true, Hidden: false }],
      ['IM', { Pinned: true, Hidden: false }],
      ['CIMS', { Pinned: false, Hidden: true }],
    ]);
    const table = arrangeWorkTable(apps, settings);
    expect(codes(table.myApps)).toEqual(['LIMS', 'ELN']);
    expect(codes(table.moreApps)).toEqual(['IM', 'PM']);
    expect(codes(table.hidden)).toEqual(['CIMS']);
  });
});

describe('workTableTourSteps', () => {
  it("ends an administrator's tour with the one step that points at the administration", () => {
    expect(workTableTourSteps(true)).toEqual(['myApps', 'moreApps', 'actions', 'administration']);
  });

  it("leaves the administration out of a member's tour", () => {
    expect(workTableTourSteps(false)).toEqual(['myApps', 'moreApps', 'actions']);
  });
});
