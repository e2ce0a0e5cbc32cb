import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** A HELM monomer-library file in the Pistoia JSON shape: CXSMILES with `|$…$|` R-labels, molfiles, caps. */
const LIBRARY = JSON.parse(
  readFileSync(new URL('../../fixtures/helm-monomer-library.json', import.meta.url), 'utf8'),
) as Array<Record<string, unknown>>;

describe.each(engines())('HELM monomer-library import and export on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let admin: string;
  let secondAdmin: string;

  const importFile = (file: unknown, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Helm/import',
      headers: {
        ...t.signed(),
        cookie,
        'accept-language': 'en-US',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(file),
    });
  const exportFile = (cookie = admin) =>
    t.app.inject({ method: 'GET', url: '/api/Helm/export', headers: { ...t.signed(), cookie } });
  const ownMonomers = (orgId: number) =>
    t.database.db
      .selectFrom('monomers')
      .select(['symbol', 'polymer_type', 'smiles'])
      .where('org_id', '=', orgId)
      .orderBy('symbol')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    labOrg = (await createTestOrganization(t, 'Oligo Lab', { admin: { account: 'admin@helm.example' } }))
      .orgId;
    await createTestOrganization(t, 'Second Lab', { admin: { account: 'admin@helm2.example' } });
    admin = (await signIn(t, 'admin@helm.example')).cookie;
    secondAdmin = (await signIn(t, 'admin@helm2.example')).cookie;
  });
  afterAll(() => t.close());

  it('refuses the whole file when one entry is wrong, listing every problem by entry', async () => {
    const broken = [
      ...LIBRARY,
      { ...LIBRARY[1], symbol: 'Aib2' },
      {
        symbol: 'ac3',
        name: 'A cap on R3 alone',
        polymerType: 'PEPTIDE',
        monomerType: 'Terminal',
        naturalAnalog: 'X',
        smiles: 'CC([*])=O |$;;_R3;$|',
      },
      {
        symbol: 'bad',
        name: 'Bad',
        polymerType: 'PEPTIDE',
        monomerType: 'Backbone',
        naturalAnalog: 'A',
        smiles: 'C1CC(',
      },
      {
        symbol: 'Nle',
        name: 'Norleucine again',
        polymerType: 'PEPTIDE',
        monomerType: 'Backbone',
        naturalAnalog: 'L',
        smiles: '[*:1]NCC([*:2])=O',
      },
      { symbol: 'Q1', name: 'Quartz', polymerType: 'PROTEIN', smiles: '[*:1]C' },
    ];
    const response = await importFile(broken);
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report).toMatchObject({ Imported: 0, Unchanged: 0, ProblemCount: 5 });
    expect(report.Problems).toEqual([
      {
        Row: 19,
        Symbol: 'Aib2',
        key: 'errors.monomers.structureTaken',
        params: { symbol: 'Aib', polymerType: 'PEPTIDE' },
      },
      { Row: 20, Symbol: 'ac3', key: 'errors.monomers.rGroupNumbering' },
      { Row: 21, Symbol: 'bad', key: 'errors.monomers.smilesInvalid' },
      {
        Row: 22,
        Symbol: 'Nle',
        key: 'errors.monomers.symbolTaken',
        params: { symbol: 'Nle', polymerType: 'PEPTIDE' },
      },
      { Row: 23, Symbol: 'Q1', key: 'errors.monomers.polymerTypeInvalid' },
    ]);
    expect(await ownMonomers(labOrg)).toEqual([]);
  });

  it('refuses a file that is not a monomer array', async () => {
    const response = await importFile({ monomers: LIBRARY });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.monomers.importFormat');
  });

  it('imports a real library file, leaving the natural monomers it repeats as they are', async () => {
    const response = await importFile(LIBRARY);
    expect(response.json().data).toEqual({ Imported: 16, Unchanged: 2, Problems: [], ProblemCount: 0 });
    const stored = await ownMonomers(labOrg);
    expect(stored.map((row) => row.symbol)).toEqual(
      [
        '5meC',
        'Aib',
        'Az',
        'Cha',
        'Hcy',
        'Nle',
        'Orn',
        'PEG2',
        'Phe_4Me',
        'SMCC',
        'am',
        'dA',
        'fR',
        'mR',
        'meA',
        'sP',
      ].sort(),
    );
    // The CXSMILES R-labels became numbered R-groups.
    expect(stored.find((row) => row.symbol === 'mR')?.smiles).toMatch(/\[\*:3\]/);
    const again = await importFile(LIBRARY);
    expect(again.json().data).toEqual({ Imported: 0, Unchanged: 18, Problems: [], ProblemCount: 0 });
  });

  it('exports HELM monomer-library JSON that imports into another organisation unchanged (round trip)', async () => {
    const response = await exportFile();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toContain('monomer-library.json');
    const exported = response.json() as Array<Record<string, unknown>>;
    expect(exported).toHaveLength(28 + 16);
    const mR = exported.find((entry) => entry.symbol === 'mR');
    expect(mR).toMatchObject({ polymerType: 'RNA', monomerType: 'Backbone', naturalAnalog: 'R' });
    expect(mR?.rgroups).toEqual([
      { label: 'R1', capGroupName: 'H', capGroupSmiles: '[*:1][H]', alternateId: 'R1-H' },
      { label: 'R2', capGroupName: 'H', capGroupSmiles: '[*:2][H]', alternateId: 'R2-H' },
      { label: 'R3', capGroupName: 'H', capGroupSmiles: '[*:3][H]', alternateId: 'R3-H' },
    ]);
    const imported = await importFile(exported, secondAdmin);
    expect(imported.json().data).toEqual({ Imported: 16, Unchanged: 28, Problems: [], ProblemCount: 0 });
    const second = await exportFile(secondAdmin);
    const strip = (entries: Array<Record<string, unknown>>) =>
      entries.map(({ author: _author, ...entry }) => entry);
    expect(strip(second.json())).toEqual(strip(exported));
  });

  it('lets only administrators import and export', async () => {
    const member = await createTestOrganization(t, 'Third Lab', {
      admin: { account: 'admin@helm3.example' },
      members: [{ realName: 'Mo Member', account: 'member@helm3.example' }],
    });
    expect(member.orgId).toBeGreaterThan(0);
    const cookie = (await signIn(t, 'member@helm3.example')).cookie;
    expect((await exportFile(cookie)).statusCode).toBe(403);
    expect((await importFile(LIBRARY, cookie)).statusCode).toBe(403);
  });
  it('imports an N-terminal cap that carries R2 alone, as the Pistoia library writes acetyl', async () => {
    const acetyl = {
      symbol: 'ac',
      name: 'N-Terminal Acetic Acid',
      polymerType: 'PEPTIDE',
      monomerType: 'Terminal',
      naturalAnalog: 'X',
      smiles: 'CC([*])=O |$;;_R2;$|',
      rgroups: [{ label: 'R2', capGroupName: 'OH', capGroupSmiles: 'O[*] |$;_R2$|' }],
    };
    const response = await importFile([acetyl], secondAdmin);
    expect(response.json().data).toMatchObject({ Imported: 1, ProblemCount: 0 });
    const exported = await exportFile(secondAdmin);
    const entry = exported.json().find((monomer: { symbol: string }) => monomer.symbol === 'ac');
    expect(entry).toMatchObject({ monomerType: 'Terminal', polymerType: 'PEPTIDE' });
    expect(entry.rgroups.map((group: { label: string }) => group.label)).toEqual(['R2']);
  });
});
