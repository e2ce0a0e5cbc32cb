import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PHE_4ME = {
  Symbol: 'Phe_4Me',
  Name: '4-Methyl-Phenylalanine',
  PolymerType: 'PEPTIDE',
  MonomerType: 'Backbone',
  NaturalAnalog: 'F',
  Smiles: 'Cc1ccc(C[C@H](N[*:1])C([*:2])=O)cc1',
};
/** The same structure, written another way (Kekulé ring, R-groups first). */
const PHE_4ME_SPELLED_AGAIN = '[*:1]N[C@@H](CC1=CC=C(C)C=C1)C([*:2])=O';

describe.each(engines())('HELM monomer library (Helm/*) on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let admin: string;
  let member: string;
  let otherAdmin: string;

  const post = (url: string, cookie: string, payload: object, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...t.signed(), cookie, 'accept-language': lang },
      payload,
    });
  const list = (cookie: string, body: object = {}) => post('/api/Helm/GetHelmList', cookie, body);
  const save = (body: object, cookie = admin, lang = 'zh-CN') =>
    post('/api/Helm/SetHelmInfo', cookie, body, lang);
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'monomerLib')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Peptide Lab', {
      admin: { account: 'admin@monomer.example' },
      members: [{ realName: 'Mia Chemist', account: 'member@monomer.example' }],
    });
    labOrg = lab.orgId;
    await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other-monomer.example' } });
    admin = (await signIn(t, 'admin@monomer.example')).cookie;
    member = (await signIn(t, 'member@monomer.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-monomer.example')).cookie;
  });
  afterAll(() => t.close());

  it('starts every organisation with the natural monomers, read-only, readable by members', async () => {
    const response = await list(member, { pageSize: 100 });
    expect(response.statusCode).toBe(200);
    const { total, rows } = response.json().data;
    expect(total).toBe(28);
    expect(rows.every((row: { IsSystem: boolean }) => row.IsSystem)).toBe(true);
    const peptides = rows.filter((row: { PolymerType: string }) => row.PolymerType === 'PEPTIDE');
    expect(peptides.map((row: { Symbol: string }) => row.Symbol).sort()).toEqual(
      [...'ACDEFGHIKLMNPQRSTVWY'].sort(),
    );
    const alanine = peptides.find((row: { Symbol: string }) => row.Symbol === 'A');
    expect(alanine).toMatchObject({
      Name: 'Alanine',
      MonomerType: 'Backbone',
      NaturalAnalog: 'A',
      Smiles: 'C[C@@H](C([*:2])=O)N[*:1]',
      RGroups: [
        { Label: 'R1', CapGroupName: 'H' },
        { Label: 'R2', CapGroupName: 'OH' },
      ],
    });
    const rna = await list(member, { PolymerType: 'RNA', pageSize: 100 });
    expect(
      rna
        .json()
        .data.rows.map((row: { Symbol: string }) => row.Symbol)
        .sort(),
    ).toEqual(['A', 'C', 'G', 'P', 'R', 'T', 'U', 'dR'].sort());
  });

  it('searches by symbol, name or SMILES', async () => {
    const byName = await list(admin, { keyword: 'TRYPTO' });
    expect(byName.json().data.rows.map((row: { Symbol: string }) => row.Symbol)).toEqual(['W']);
    const bySmiles = await list(admin, { keyword: 'S[*:3]' });
    expect(bySmiles.json().data.rows.map((row: { Symbol: string }) => row.Symbol)).toEqual(['C']);
    const wildcard = await list(admin, { keyword: '%' });
    expect(wildcard.json().data.total).toBe(0);
  });

  it('adds a monomer with its canonical SMILES, R-groups and an operation-log row', async () => {
    const response = await save(PHE_4ME);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      Symbol: 'Phe_4Me',
      IsSystem: false,
      Creator: 'Peptide Lab Admin',
      RGroups: [
        { Label: 'R1', CapGroupName: 'H' },
        { Label: 'R2', CapGroupName: 'OH' },
      ],
    });
    expect(response.json().data.Smiles).toMatch(/\[\*:1\]/);
    expect(await logs(labOrg)).toEqual([
      {
        content: 'Added the monomer Phe_4Me (PEPTIDE)',
        operator_name: 'Peptide Lab Admin',
      },
    ]);
    const otherLibrary = await list(otherAdmin, { keyword: 'Phe_4Me' });
    expect(otherLibrary.json().data.total).toBe(0);
  });

  it('refuses a symbol the polymer type already has, in SPEC wording, and allows it in another type', async () => {
    const taken = await save({ ...PHE_4ME, Smiles: '[*:1]N[C@@H](Cc1ccc(Cl)cc1)C([*:2])=O' }, admin, 'en-US');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      key: 'errors.monomers.symbolTaken',
      params: { symbol: 'Phe_4Me', polymerType: 'PEPTIDE' },
    });
    expect(taken.json().message).toBe('The symbol Phe_4Me already exists in PEPTIDE');
    const systemSymbol = await save({
      ...PHE_4ME,
      Symbol: 'F',
      Smiles: '[*:1]N[C@@H](Cc1ccc(Cl)cc1)C([*:2])=O',
    });
    expect(systemSymbol.json().error.key).toBe('errors.monomers.symbolTaken');
    const chem = await save({
      Symbol: 'A',
      Name: 'Amino linker',
      PolymerType: 'CHEM',
      MonomerType: 'Undefined',
      NaturalAnalog: '',
      Smiles: '[*:1]NCCCCCC[*:2]',
    });
    expect(chem.statusCode).toBe(200);
  });

  it('refuses the same structure spelled another way, naming the monomer that has it', async () => {
    const response = await save({ ...PHE_4ME, Symbol: 'MePhe', Smiles: PHE_4ME_SPELLED_AGAIN });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      key: 'errors.monomers.structureTaken',
      params: { symbol: 'Phe_4Me', polymerType: 'PEPTIDE' },
    });
    const alanine = await save({ ...PHE_4ME, Symbol: 'Ala2', Smiles: 'O=C([*:2])[C@H](C)N[*:1]' });
    expect(alanine.json().error.params).toEqual({ symbol: 'A', polymerType: 'PEPTIDE' });
  });

  it.each([
    ['bad SMILES', { Smiles: 'C1CC(' }, 'errors.monomers.smilesInvalid'],
    ['no structure', { Smiles: '' }, 'errors.monomers.structureRequired'],
    ['no R-group', { Smiles: 'Cc1ccc(C[C@H](N)C(O)=O)cc1' }, 'errors.monomers.rGroupMissing'],
    [
      'R1 and R3 without R2',
      { Smiles: 'Cc1ccc(C[C@H](N[*:1])C([*:3])=O)cc1' },
      'errors.monomers.rGroupNumbering',
    ],
    ['a symbol with a space', { Symbol: 'Phe 4Me' }, 'errors.monomers.symbolInvalid'],
    ['a natural analog of another polymer type', { NaturalAnalog: 'U' }, 'errors.monomers.analogInvalid'],
  ])('refuses %s with 400 and writes nothing', async (_name, change, key) => {
    const before = await logs(labOrg);
    const response = await save({ ...PHE_4ME, Symbol: 'Phe_4Cl', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe(key);
    expect(response.json().message).not.toBe(key);
    expect(await logs(labOrg)).toEqual(before);
    expect((await list(admin, { keyword: 'Phe_4Cl' })).json().data.total).toBe(0);
  });

  it('gives SPEC §5 wording for a missing R-group in English', async () => {
    const response = await save({ ...PHE_4ME, Symbol: 'X1', Smiles: 'CC' }, admin, 'en-US');
    expect(response.json().message).toBe('A structure must be drawn and at least one R-group is required');
  });

  it('answers IsExistsSameValue by symbol and by structure however it is spelled', async () => {
    const ask = async (body: object) => (await post('/api/Helm/IsExistsSameValue', member, body)).json().data;
    expect(await ask({ PolymerType: 'PEPTIDE', Symbol: 'Phe_4Me' })).toEqual({
      exists: true,
      symbol: 'Phe_4Me',
    });
    expect(await ask({ PolymerType: 'PEPTIDE', Smiles: PHE_4ME_SPELLED_AGAIN })).toEqual({
      exists: true,
      symbol: 'Phe_4Me',
    });
    expect(await ask({ PolymerType: 'CHEM', Smiles: PHE_4ME_SPELLED_AGAIN })).toEqual({ exists: false });
    expect(await ask({ PolymerType: 'PEPTIDE', Symbol: 'Nope', Smiles: 'not smiles' })).toEqual({
      exists: false,
    });
  });

  it('finds a terminal cap carrying R2 alone by its structure, though the question names no monomer type', async () => {
    const cap = {
      Symbol: 'ac_test',
      Name: 'Acetyl cap',
      PolymerType: 'PEPTIDE',
      MonomerType: 'Terminal',
      NaturalAnalog: 'X',
      Smiles: 'CC([*:2])=O',
    };
    const saved = await save(cap, admin, 'en-US');
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await post('/api/Helm/IsExistsSameValue', member, {
      PolymerType: 'PEPTIDE',
      Smiles: '[*:2]C(C)=O',
    });
    expect(answer.json().data).toEqual({ exists: true, symbol: 'ac_test' });
  });

  it('edits its own monomer, never a system one or another organisation’s', async () => {
    const id = (await list(admin, { keyword: 'Phe_4Me' })).json().data.rows[0].ID;
    const edited = await save({ ...PHE_4ME, ID: id, Name: 'p-Methyl-phenylalanine' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ ID: id, Name: 'p-Methyl-phenylalanine' });
    const systemId = (await list(admin, { keyword: 'Tryptophan' })).json().data.rows[0].ID;
    const system = await save({ ...PHE_4ME, Symbol: 'W', ID: systemId });
    expect(system.statusCode).toBe(403);
    expect(system.json().error.key).toBe('errors.monomers.systemReadOnly');
    const foreign = await save({ ...PHE_4ME, ID: id }, otherAdmin);
    expect(foreign.statusCode).toBe(404);
  });

  it('lets only administrators change the library', async () => {
    const response = await save({ ...PHE_4ME, Symbol: 'Phe_4F' }, member);
    expect(response.statusCode).toBe(403);
    const removal = await post('/api/Helm/DelHelmInfo', member, { symbolId: 1 });
    expect(removal.statusCode).toBe(403);
  });

  it('refuses to delete a monomer a product record uses (AssociationHelm), then deletes it once released', async () => {
    const id = (await list(admin, { keyword: 'Phe_4Me' })).json().data.rows[0].ID;
    const used = await post('/api/Helm/AssociationHelm', member, {
      symbolId: id,
      Reference: 'PM:peptide-7',
      Associated: true,
    });
    expect(used.json().data).toEqual({ symbolId: id, InUse: true, References: 1 });
    const refused = await post('/api/Helm/DelHelmInfo', admin, { symbolId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ key: 'errors.monomers.inUse', params: { symbol: 'Phe_4Me' } });
    const released = await post('/api/Helm/AssociationHelm', member, {
      symbolId: id,
      Reference: 'PM:peptide-7',
      Associated: false,
    });
    expect(released.json().data).toEqual({ symbolId: id, InUse: false, References: 0 });
    const deleted = await post('/api/Helm/DelHelmInfo', admin, { symbolId: id });
    expect(deleted.statusCode).toBe(200);
    expect((await list(admin, { keyword: 'Phe_4Me' })).json().data.total).toBe(0);
    expect((await logs(labOrg)).at(-1)?.content).toBe('Deleted the monomer Phe_4Me (PEPTIDE)');
  });

  it('refuses to delete a system monomer or another organisation’s', async () => {
    const systemId = (await list(admin, { keyword: 'Glycine' })).json().data.rows[0].ID;
    expect((await post('/api/Helm/DelHelmInfo', admin, { symbolId: systemId })).statusCode).toBe(403);
    const chemId = (await list(admin, { keyword: 'Amino linker' })).json().data.rows[0].ID;
    expect((await post('/api/Helm/DelHelmInfo', otherAdmin, { symbolId: chemId })).statusCode).toBe(404);
    const association = await post('/api/Helm/AssociationHelm', otherAdmin, { symbolId: chemId });
    expect(association.statusCode).toBe(404);
  });
  it('finds a monomer by a new name after an edit and not after a delete, and pages own rows after the system ones', async () => {
    const symbols = ['Hse_Et', 'Hse_Pr', 'Hse_Bu'];
    const ids: number[] = [];
    for (const [n, symbol] of symbols.entries()) {
      const saved = await save({
        ...PHE_4ME,
        Symbol: symbol,
        Name: `Quokka homoserine ${n}`,
        NaturalAnalog: 'S',
        Smiles: `[*:1]N[C@@H](CCO${'C'.repeat(n + 2)})C([*:2])=O`,
      });
      expect(saved.statusCode).toBe(200);
      ids.push(saved.json().data.ID);
    }
    const names = async (keyword: string) =>
      (await list(admin, { keyword })).json().data.rows.map((row: { Symbol: string }) => row.Symbol);
    expect(await names('QUOKKA')).toEqual(symbols.slice().sort());
    const renamed = await save({
      ...PHE_4ME,
      ID: ids[0],
      Symbol: 'Hse_Et',
      Name: 'Wallaby homoserine',
      NaturalAnalog: 'S',
      Smiles: '[*:1]N[C@@H](CCOCC)C([*:2])=O',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('quokka')).toEqual(['Hse_Bu', 'Hse_Pr']);
    expect(await names('wallaby')).toEqual(['Hse_Et']);
    expect((await post('/api/Helm/DelHelmInfo', admin, { symbolId: ids[1] })).statusCode).toBe(200);
    expect(await names('quokka')).toEqual(['Hse_Bu']);
    // Under three characters a keyword has no trigram: it is still found.
    expect(await names('Hse_B')).toEqual(['Hse_Bu']);
    expect((await list(admin, { keyword: 'u_' })).json().data.total).toBe(0);
    expect(await names('_B')).toEqual(['Hse_Bu']);

    const whole = (await list(admin, { pageSize: 100 })).json().data;
    const paged: unknown[] = [];
    for (let pageIndex = 1; paged.length < whole.total; pageIndex += 1) {
      const page = (await list(admin, { pageIndex, pageSize: 7 })).json().data;
      expect(page.total).toBe(whole.total);
      paged.push(...page.rows);
    }
    expect(paged).toEqual(whole.rows);
    expect(whole.rows.findIndex((row: { IsSystem: boolean }) => !row.IsSystem)).toBe(28);
  });

  it('finds a change made straight in the database at once, as another instance would make it', async () => {
    const { db } = t.database;
    const symbols = async (keyword: string) =>
      (await list(admin, { keyword })).json().data.rows.map((row: { Symbol: string }) => row.Symbol);
    expect(await symbols('wallaby')).toEqual(['Hse_Et']);
    expect(await symbols('numbat')).toEqual([]);
    await db
      .updateTable('monomers')
      .set({ name: 'Numbat homoserine' })
      .where('symbol', '=', 'Hse_Et')
      .execute();
    expect(await symbols('wallaby')).toEqual([]);
    expect(await symbols('numbat')).toEqual(['Hse_Et']);
    await db.deleteFrom('monomers').where('org_id', '=', labOrg).where('symbol', '=', 'Hse_Et').execute();
    expect(await symbols('numbat')).toEqual([]);
  });
});
