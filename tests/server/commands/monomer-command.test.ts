import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import {
  runMonomerDeleteCommand,
  runMonomerExportCommand,
  runMonomerImportCommand,
  runMonomerSetCommand,
} from '../../../server/commands/monomer-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);
const FIXTURE = new URL('../../fixtures/helm-monomer-library.json', import.meta.url);

describe('operator CLI org:monomer-*', () => {
  let database: TestDatabase;
  let orgId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monomer-cli-'));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    orgId = (
      await createOrganization(
        database.db,
        { name: 'CLI Lab', products: [], admin: { realName: 'Admin', account: 'admin@cli-monomer.test' } },
        NOW,
      )
    ).orgId;
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a HELM library file and exports it again', async () => {
    const lines = await runMonomerImportCommand(
      database.db,
      { org: String(orgId), file: FIXTURE.pathname },
      NOW,
    );
    expect(lines).toEqual([`16 monomers imported into organisation ${orgId}; 2 already in the library`]);
    const out = path.join(dir, 'library.json');
    expect(await runMonomerExportCommand(database.db, { org: String(orgId), file: out })).toEqual([
      `44 monomers written to ${out}`,
    ]);
    const symbols = (JSON.parse(fs.readFileSync(out, 'utf8')) as Array<{ symbol: string }>).map(
      (e) => e.symbol,
    );
    expect(symbols).toContain('mR');
    const operatorRow = await database.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'content'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'monomerLib')
      .executeTakeFirstOrThrow();
    expect(operatorRow).toEqual({
      operator_name: 'operator-cli',
      content: 'Imported 16 monomers from a HELM monomer-library file',
    });
  });

  it('lists the problems of a file and imports nothing', async () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(
      file,
      JSON.stringify([{ symbol: 'x y', name: 'Bad', polymerType: 'CHEM', smiles: '[*:1]C' }]),
    );
    await expect(runMonomerImportCommand(database.db, { org: String(orgId), file }, NOW)).rejects.toThrow(
      new CommandError(
        '1 problems; nothing was imported:\nentry 1 (x y): A symbol allows letters, digits, hyphen, underscore and asterisk',
      ),
    );
  });

  it('adds, changes and deletes a monomer, refusing a duplicate structure', async () => {
    const base = { org: String(orgId), 'polymer-type': 'CHEM', symbol: 'PEG3' };
    expect(await runMonomerSetCommand(database.db, { ...base, smiles: '[*:1]OCCOCCOCCO[*:2]' }, NOW)).toEqual(
      ['Added PEG3 (CHEM): [*:1]OCCOCCOCCO[*:2]'],
    );
    await expect(
      runMonomerSetCommand(database.db, { ...base, symbol: 'PEG2b', smiles: 'O([*:1])CCOCCO[*:2]' }, NOW),
    ).rejects.toThrow('The same structure already exists in CHEM as PEG2');
    expect(
      (
        await runMonomerSetCommand(
          database.db,
          { ...base, name: 'Triethylene glycol', smiles: '[*:1]OCCOCCOCCO[*:2]' },
          NOW,
        )
      )[0],
    ).toMatch(/^Changed PEG3/);
    expect(await runMonomerDeleteCommand(database.db, base, NOW)).toEqual(['Deleted PEG3 (CHEM)']);
    await expect(
      runMonomerDeleteCommand(database.db, { ...base, symbol: 'A', 'polymer-type': 'PEPTIDE' }, NOW),
    ).rejects.toThrow('System monomers cannot be changed or deleted');
  });
});
