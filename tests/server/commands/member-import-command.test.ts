import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runMemberImportCommand } from '../../../server/commands/member-import-command';
import { createOrganization } from '../../../server/provisioning';
import { memberWorkbook } from '../../helpers/member-import-files';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI member:import', () => {
  let database: TestDatabase;
  let orgId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-import-cli-'));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    orgId = (
      await createOrganization(
        database.db,
        { name: 'CLI Lab', products: [], admin: { realName: 'Admin', account: 'admin@cli-import.test' } },
        NOW,
      )
    ).orgId;
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes each member's own initial password to a new file only its owner can read", async () => {
    const file = path.join(dir, 'members.xlsx');
    fs.writeFileSync(
      file,
      await memberWorkbook([
        ['Ann', '13700004001', '', '', '', ''],
        ['Bo', '', 'bo@cli-import.test', '', '', ''],
      ]),
    );
    const passwords = path.join(dir, 'passwords.xlsx');
    const lines = await runMemberImportCommand(database.db, { org: String(orgId), file, passwords }, NOW);
    expect(lines).toEqual([
      `2 members imported into organisation ${orgId}`,
      `Each member's own initial password (changed at the first sign-in) is in ${passwords}`,
    ]);
    expect(lines.join('\n')).not.toMatch(/\$otp/);
    expect(fs.statSync(passwords).mode & 0o777).toBe(0o600);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(passwords);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)));
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['Account', 'Name'],
      ['13700004001', 'Ann'],
      ['bo@cli-import.test', 'Bo'],
    ]);
    expect(rows[1][2]).not.toBe(rows[2][2]);
    // Nothing waits for a download afterwards: the file was taken.
    expect(await database.db.selectFrom('import_password_files').selectAll().execute()).toEqual([]);
  });

  it('refuses without --passwords, or with a file that exists, before importing anything', async () => {
    const file = path.join(dir, 'members.xlsx');
    await expect(runMemberImportCommand(database.db, { org: String(orgId), file }, NOW)).rejects.toThrow(
      CommandError,
    );
    await expect(
      runMemberImportCommand(database.db, { org: String(orgId), file, passwords: file }, NOW),
    ).rejects.toThrow(/exists/);
  });
});
