import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../domain/constants';
import { memberWorkbook } from '../../helpers/member-import-files';
import { mailBodyText, startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../helpers/test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NEW_PASSWORD = 'Own#Choice2026-kestrel';

/** Helpers shared by both suites: upload a file, fetch the passwords, read the workbook. */
function importer(t: () => TestApp) {
  const upload = (file: Buffer, cookie: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { ...t().signed(), cookie, 'content-type': XLSX, 'accept-language': 'en-US' },
      payload: file,
    });
  const fetchPasswords = (id: string, cookie: string) =>
    t().app.inject({
      method: 'POST',
      url: `/api/account/import/passwords/${encodeURIComponent(id)}`,
      headers: { ...t().signed(), cookie, 'accept-language': 'en-US' },
    });
  /** The workbook's rows as text (header first), and whether any cell is a formula. */
  const readWorkbook = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    let formulas = 0;
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map(String));
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) formulas += 1;
      });
    });
    return { rows, formulas };
  };
  const pending = (cookie: string) =>
    t().app.inject({
      method: 'GET',
      url: '/api/account/import/passwords',
      headers: { ...t().signed(), cookie, 'accept-language': 'en-US' },
    });
  const row = (name: string, mobile: string, email = '') => [name, mobile, email, '', '', ''];
  return { upload, fetchPasswords, readWorkbook, row, pending };
}

describe.each(engines())('imported members’ own initial passwords on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let secondAdminCookie: string;
  let memberCookie: string;
  let rivalAdminCookie: string;
  let orgId: number;
  const { upload, fetchPasswords, readWorkbook, row, pending } = importer(() => t);
  const account = (mobile: string) =>
    t.database.db.selectFrom('accounts').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@pw-import.test' },
      members: [
        { realName: 'Second Admin', account: 'second@pw-import.test', isOrgAdmin: true },
        { realName: 'Chemist', account: '13900000101' },
      ],
    });
    orgId = acme.orgId;
    await createTestOrganization(t, 'Rival Lab', { admin: { account: 'admin@pw-rival.test' } });
    adminCookie = (await signIn(t, 'admin@pw-import.test')).cookie;
    secondAdminCookie = (await signIn(t, 'second@pw-import.test')).cookie;
    memberCookie = (await signIn(t, '13900000101')).cookie;
    rivalAdminCookie = (await signIn(t, 'admin@pw-rival.test')).cookie;
  });
  afterAll(() => t.close());

  it('gives each member their own password, downloadable once, by the importing administrator only', async () => {
    const response = await upload(
      await memberWorkbook([
        row('Ann', '13700002001'),
        row('=HYPERLINK("http://evil.test","x")', '13700002002'),
        row('Cy', '13700002003'),
      ]),
      adminCookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json().data;
    expect(report).toMatchObject({ Imported: 3, Sent: 0, PasswordFile: { Count: 3 } });
    expect(report.PasswordFile.ExpiresAt).toBe(t.clock.now() + DAY_MS);
    const id: string = report.PasswordFile.ID;

    // Another organisation's administrator, another administrator of the same one, a member: none of them.
    const rival = await fetchPasswords(id, rivalAdminCookie);
    expect(rival.statusCode).toBe(404);
    expect(rival.json().error.key).toBe('errors.memberImport.passwordFileGone');
    expect((await fetchPasswords(id, secondAdminCookie)).statusCode).toBe(404);
    expect((await fetchPasswords(id, memberCookie)).statusCode).toBe(403);
    expect((await fetchPasswords('not-a-file', adminCookie)).statusCode).toBe(404);

    const file = await fetchPasswords(id, adminCookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX);
    expect(file.headers['cache-control']).toBe('no-store');
    const { rows, formulas } = await readWorkbook(file.rawPayload);
    expect(formulas).toBe(0);
    expect(rows[0]).toEqual(['Account', 'Name', 'Initial password']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['13700002001', 'Ann'],
      ['13700002002', '\'=HYPERLINK("http://evil.test","x")'],
      ['13700002003', 'Cy'],
    ]);
    const passwords = rows.slice(1).map((r) => r[2]);
    expect(new Set(passwords).size).toBe(3);
    for (const password of passwords) expect(password).toHaveLength(20);
    for (const mobile of ['13700002001', '13700002002', '13700002003']) {
      expect((await account(mobile)).password_hash).toMatch(/^\$otp-hmac-sha256\$/);
    }

    // Once: the second fetch, even by the importer, finds nothing.
    expect((await fetchPasswords(id, adminCookie)).statusCode).toBe(404);
    const logs = await t.database.db
      .selectFrom('operation_logs')
      .select('content')
      .where('org_id', '=', orgId)
      .execute();
    expect(logs.some((log) => passwords.some((password) => log.content.includes(password)))).toBe(false);
  });

  it('signs a member in with their own password only, forcing the change, which stores argon2id', async () => {
    const report = (
      await upload(await memberWorkbook([row('Dee', '13700002011'), row('Eve', '13700002012')]), adminCookie)
    ).json().data;
    const { rows } = await readWorkbook(
      (await fetchPasswords(report.PasswordFile.ID, adminCookie)).rawPayload,
    );
    const [dee, eve] = rows.slice(1).map((r) => r[2]);

    expect((await signIn(t, '13700002011', eve)).response.statusCode).toBe(401);
    const signedIn = await signIn(t, '13700002011', dee);
    expect(signedIn.response.statusCode).toBe(200);
    expect(signedIn.response.json().data.PwdInfo.MustChange).toBe(true);
    // The forced change: nothing else is open until it is done.
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/account/managePage',
      headers: { ...t.signed(), cookie: signedIn.cookie },
      payload: {},
    });
    expect(blocked.statusCode).toBe(403);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/Password/Modify',
      headers: { ...t.signed(), cookie: signedIn.cookie },
      payload: { OldPassword: dee, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const after = await account('13700002011');
    // A password the member chose is never stored with the fast scheme, nor is the one-time one kept.
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(after.must_change_password).toBe(0);
    const history = await t.database.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('account_id', '=', after.id)
      .execute();
    expect(history.some((h) => h.password_hash.startsWith('$otp'))).toBe(false);
    expect((await signIn(t, '13700002011', dee)).response.statusCode).toBe(401);
    expect((await signIn(t, '13700002011', NEW_PASSWORD)).response.json().data.PwdInfo.MustChange).toBe(
      false,
    );
  });

  it('refuses a one-time password once the account is not flagged for a change', async () => {
    const report = (await upload(await memberWorkbook([row('Fay', '13700002021')]), adminCookie)).json().data;
    const { rows } = await readWorkbook(
      (await fetchPasswords(report.PasswordFile.ID, adminCookie)).rawPayload,
    );
    await t.database.db
      .updateTable('accounts')
      .set({ must_change_password: 0 })
      .where('mobile', '=', '13700002021')
      .execute();
    const refused = await signIn(t, '13700002021', rows[1][2]);
    expect(refused.response.statusCode).toBe(401);
    expect(refused.response.json().error.key).toBe('errors.login.wrongCredentials');
  });

  it('offers a download not taken again to the importing administrator only, once, for 24 hours', async () => {
    const report = (await upload(await memberWorkbook([row('Kim', '13700002051')]), adminCookie)).json().data;
    t.clock.advance(MINUTE_MS);
    // The dialog was closed: the answer is gone, the server still offers it to its importer.
    const offered = await pending(adminCookie);
    expect(offered.statusCode).toBe(200);
    expect(offered.headers['cache-control']).toBe('no-store');
    expect(offered.json().data.PasswordFile).toMatchObject({
      ID: report.PasswordFile.ID,
      Count: 1,
      ExpiresAt: report.PasswordFile.ExpiresAt,
      CreatedAt: t.clock.now() - MINUTE_MS,
    });
    // Not to another administrator of the organisation, another organisation's, or a member.
    expect((await pending(secondAdminCookie)).json().data.PasswordFile).toBeNull();
    expect((await pending(rivalAdminCookie)).json().data.PasswordFile).toBeNull();
    expect((await pending(memberCookie)).statusCode).toBe(403);
    const stored = await t.database.db
      .selectFrom('import_password_files')
      .select(['token_sealed', 'sealed'])
      .where('org_id', '=', orgId)
      .execute();
    expect(stored.some((file) => `${file.token_sealed}${file.sealed}`.includes(report.PasswordFile.ID))).toBe(
      false,
    );

    const { rows } = await readWorkbook(
      (await fetchPasswords(offered.json().data.PasswordFile.ID, adminCookie)).rawPayload,
    );
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([['13700002051', 'Kim']]);
    expect((await pending(adminCookie)).json().data.PasswordFile).toBeNull();
  });

  it('keeps the passwords 24 hours only', async () => {
    const report = (await upload(await memberWorkbook([row('Gus', '13700002031')]), adminCookie)).json().data;
    t.clock.advance(DAY_MS - MINUTE_MS);
    // Re-sign in: the sessions above may have aged with the clock.
    adminCookie = (await signIn(t, 'admin@pw-import.test')).cookie;
    expect((await pending(adminCookie)).json().data.PasswordFile?.ID).toBe(report.PasswordFile.ID);
    t.clock.advance(MINUTE_MS);
    expect((await pending(adminCookie)).json().data.PasswordFile).toBeNull();
    expect((await fetchPasswords(report.PasswordFile.ID, adminCookie)).statusCode).toBe(404);
  });

  it('hashes passwords an administrator or a member chose with argon2id', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: { ...t.signed(), cookie: adminCookie },
      payload: { Account: '13700002041', RealName: 'Typed', Password: TEST_PASSWORD },
    });
    expect(added.statusCode).toBe(200);
    expect((await account('13700002041')).password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe.each(engines())('imported members’ passwords sent by mail on %s', (engine) => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let adminCookie: string;
  const { upload, fetchPasswords, readWorkbook, row } = importer(() => t);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Portal <portal@acme.test>' });
    await createTestOrganization(t, 'Mail Lab', { admin: { account: 'admin@pw-mail.test' } });
    adminCookie = (await signIn(t, 'admin@pw-mail.test')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails each member with an email their own password; the others are in the download', async () => {
    const since = smtp.mails.length;
    const response = await upload(
      await memberWorkbook([
        row('Hal', '', 'hal@pw-mail.test'),
        row('Ivy', '13700003002', 'ivy@pw-mail.test'),
        row('Jon', '13700003003'),
      ]),
      adminCookie,
    );
    const report = response.json().data;
    expect(report).toMatchObject({ Imported: 3, Sent: 2, PasswordFile: { Count: 1 } });
    const mailed = await Promise.all(
      ['hal@pw-mail.test', 'ivy@pw-mail.test'].map(async (to) => {
        const text = mailBodyText(await smtp.waitForMail(to, since));
        return /(?:初始密码：|password: ?)(\S{20})/i.exec(text)?.[1] ?? '';
      }),
    );
    expect(mailed[0]).not.toBe(mailed[1]);
    const hal = await signIn(t, 'hal@pw-mail.test', mailed[0]);
    expect(hal.response.statusCode).toBe(200);
    expect(hal.response.json().data.PwdInfo.MustChange).toBe(true);

    const { rows } = await readWorkbook(
      (await fetchPasswords(report.PasswordFile.ID, adminCookie)).rawPayload,
    );
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([['13700003003', 'Jon']]);
    expect(mailed).not.toContain(rows[1][2]);
  });
});
