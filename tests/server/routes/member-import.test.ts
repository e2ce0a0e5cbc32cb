import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import {
  bigWorkbook,
  memberRows,
  memberWorkbook,
  type TestCell,
  zipOf,
} from '../../helpers/member-import-files';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(engines())('member import on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  let acmeOrgId: number;
  let rivalOrgId: number;
  let chemistryId: number;

  const upload = (file: Buffer, cookie = adminCookie, type = XLSX) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { ...t.signed(), cookie, 'content-type': type, 'accept-language': 'en-US' },
      payload: file,
    });
  const countAccounts = async (orgId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const department = (orgId: number, name: string, parentId: number | null) =>
    t.database.db
      .insertInto('departments')
      .values({
        org_id: orgId,
        parent_id: parentId,
        name,
        manager_account_id: null,
        description: '',
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.id));
  const row = (
    name: string,
    mobile: string,
    extra: Partial<Record<'email' | 'dept' | 'superior' | 'products', TestCell>> = {},
  ) => [name, mobile, extra.email ?? '', extra.dept ?? '', extra.superior ?? '', extra.products ?? ''];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@acme.test', realName: 'Ada Admin' },
      members: [{ realName: 'Chemist', account: '13900000001' }],
    });
    const rival = await createTestOrganization(t, 'Rival Lab', {
      admin: { account: 'admin@rival.test' },
      members: [{ realName: 'Rival Member', account: 'member@rival.test' }],
    });
    acmeOrgId = acme.orgId;
    rivalOrgId = rival.orgId;
    const rnd = await department(acmeOrgId, 'R&D', null);
    chemistryId = await department(acmeOrgId, 'Chemistry', rnd);
    await department(rivalOrgId, 'Rival Dept', null);
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    memberCookie = (await signIn(t, '13900000001')).cookie;
  });
  afterAll(() => t.close());

  describe('GET /api/account/import/template', () => {
    it('answers an xlsx whose header row is in the caller language, with no formula in it', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/import/template',
        headers: { cookie: adminCookie, 'accept-language': 'zh-CN' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const header = workbook.worksheets[0].getRow(1).values as unknown[];
      expect(header.slice(1)).toEqual(['姓名', '手机号', '邮箱', '部门', '直属上级', '产品']);
      workbook.worksheets[0].eachRow((r) =>
        r.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
      );
    });

    it('refuses a member (403) and a stranger (401)', async () => {
      const asMember = await t.app.inject({
        method: 'GET',
        url: '/api/account/import/template',
        headers: { cookie: memberCookie },
      });
      expect(asMember.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/import/template' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/account/import', () => {
    it('imports every row with department, superior and products, an initial password to change, one log row', async () => {
      const before = await countAccounts(acmeOrgId);
      const logsBefore = (await t.database.db.selectFrom('operation_logs').select('id').execute()).length;
      const file = await memberWorkbook([
        row('Lead Chemist', '137 0000 1000', {
          email: 'Lead@Acme.test',
          dept: 'R&D/Chemistry',
          superior: '13900000001',
          products: 'ELN, cims',
        }),
        row('Junior', '13700001001', {
          dept: ' R&D / Chemistry ',
          superior: 'lead@acme.test',
          products: '电子实验记录本',
        }),
        row('Solo', '', { email: 'solo@acme.test' }),
      ]);
      const response = await upload(file);
      expect(response.statusCode).toBe(200);
      const report = response.json().data;
      expect(report).toMatchObject({ Imported: 3, Problems: [], ProblemCount: 0, Sent: 0 });
      expect(report.PasswordFile).toMatchObject({ ID: expect.any(String), Count: 3 });
      expect(await countAccounts(acmeOrgId)).toBe(before + 3);

      const accounts = await t.database.db
        .selectFrom('accounts')
        .selectAll()
        .where('org_id', '=', acmeOrgId)
        .where('real_name', 'in', ['Lead Chemist', 'Junior', 'Solo'])
        .orderBy('id')
        .execute();
      const [lead, junior] = accounts;
      expect(lead).toMatchObject({ mobile: '13700001000', email: 'lead@acme.test', must_change_password: 1 });
      expect(Number(lead.dept_id)).toBe(chemistryId);
      expect(Number(junior.superior_id)).toBe(Number(lead.id));
      const products = await t.database.db
        .selectFrom('account_products as ap')
        .innerJoin('products as p', 'p.id', 'ap.product_id')
        .select(['ap.account_id', 'p.code'])
        .where('ap.account_id', 'in', [lead.id, junior.id])
        .execute();
      expect(
        products
          .map((p) => `${Number(p.account_id) === Number(lead.id) ? 'lead' : 'junior'}:${p.code}`)
          .sort(),
      ).toEqual(['junior:ELN', 'lead:CIMS', 'lead:ELN']);
      const logs = await t.database.db
        .selectFrom('operation_logs')
        .selectAll()
        .orderBy('id', 'desc')
        .execute();
      expect(logs.length).toBe(logsBefore + 1);
      expect(logs[0]).toMatchObject({ module: 'member', content: 'Imported 3 members from a spreadsheet' });

      // Each member's own initial password is in the one download (member-import-passwords.test.ts).
      expect(lead.password_hash).toMatch(/^\$otp-hmac-sha256\$/);
    });

    it('imports nothing from 100 rows with one bad row, and names that row and column', async () => {
      const rows = memberRows(100, 2000);
      rows[49][1] = '1234';
      const before = await countAccounts(acmeOrgId);
      const response = await upload(await memberWorkbook(rows));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        Imported: 0,
        Problems: [{ Row: 51, Column: 'mobile', key: 'errors.memberImport.invalidMobile' }],
        ProblemCount: 1,
        Sent: 0,
        PasswordFile: null,
      });
      expect(await countAccounts(acmeOrgId)).toBe(before);
    });

    it('finds duplicates in the file (spaces, full-width digits) and against the database', async () => {
      const response = await upload(
        await memberWorkbook([
          row('A', '136 0000 0001'),
          row('B', '１３６００００００01'),
          row('C', '139-0000-0001'),
          row('D', '', { email: 'ADMIN@acme.test' }),
          row('E', '', { email: 'member@rival.test' }),
        ]),
      );
      expect(response.json().data.Problems).toEqual([
        { Row: 3, Column: 'mobile', key: 'errors.memberImport.duplicateInFile', params: { row: 2 } },
        {
          Row: 4,
          Column: 'mobile',
          key: 'errors.memberImport.accountTaken',
          params: { account: '13900000001' },
        },
        {
          Row: 5,
          Column: 'email',
          key: 'errors.memberImport.accountTaken',
          params: { account: 'admin@acme.test' },
        },
        {
          Row: 6,
          Column: 'email',
          key: 'errors.memberImport.accountTaken',
          params: { account: 'member@rival.test' },
        },
      ]);
    });

    it("does not reach another organisation's departments or members", async () => {
      const rivalBefore = await countAccounts(rivalOrgId);
      const response = await upload(
        await memberWorkbook([
          row('X', '13500000001', { dept: 'Rival Dept' }),
          row('Y', '13500000002', { superior: 'member@rival.test' }),
          row('Z', '13500000003', { products: 'LIMS' }),
        ]),
      );
      expect(response.json().data.Problems).toEqual([
        {
          Row: 2,
          Column: 'department',
          key: 'errors.memberImport.unknownDepartment',
          params: { department: 'Rival Dept' },
        },
        {
          Row: 3,
          Column: 'superior',
          key: 'errors.memberImport.unknownSuperior',
          params: { account: 'member@rival.test' },
        },
        {
          Row: 4,
          Column: 'products',
          key: 'errors.memberImport.unknownProduct',
          params: { product: 'LIMS' },
        },
      ]);
      expect(await countAccounts(rivalOrgId)).toBe(rivalBefore);
    });

    it('refuses more holders of a product than its seats, naming the first row over', async () => {
      await t.database.db
        .updateTable('org_products')
        .set({ seats: 2 })
        .where('org_id', '=', acmeOrgId)
        .where('product_id', '=', (eb) => eb.selectFrom('products').select('id').where('code', '=', 'CIMS'))
        .execute();
      const rows = memberRows(3, 3000).map((r) => [...r.slice(0, 5), 'CIMS']);
      const response = await upload(await memberWorkbook(rows));
      // Lead Chemist holds one seat already: the second row takes the last one, the third is over.
      expect(response.json().data.Problems).toEqual([
        {
          Row: 3,
          Column: 'products',
          key: 'errors.memberImport.seatsExceeded',
          params: { product: 'CIMS', seats: 2 },
        },
      ]);
      await t.database.db
        .updateTable('org_products')
        .set({ seats: null })
        .where('org_id', '=', acmeOrgId)
        .execute();
    });

    it('takes a formula cell and text starting with = + - @ as text, never evaluated', async () => {
      const response = await upload(
        await memberWorkbook([
          [{ formula: 'HYPERLINK("http://evil.test","x")', result: 'x' }, '13400000001', '', '', '', ''],
          ["=cmd|' /C calc'!A0", '+86 134 0000 0002', '', '', '', ''],
          ['@SUM(1)', '13400000003', '', '', '', ''],
        ]),
      );
      expect(response.json().data).toMatchObject({ Imported: 3 });
      const names = await t.database.db
        .selectFrom('accounts')
        .select(['real_name', 'mobile'])
        .where('mobile', 'in', ['13400000001', '13400000002', '13400000003'])
        .orderBy('mobile')
        .execute();
      expect(names.map((n) => n.real_name)).toEqual([
        '=HYPERLINK("http://evil.test","x")',
        "=cmd|' /C calc'!A0",
        '@SUM(1)',
      ]);
    });

    it('refuses a text or png file renamed .xlsx, and a zip that is not a workbook (415)', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      for (const file of [
        Buffer.from('name,mobile\nA,13900000009\n'),
        png,
        zipOf([{ name: 'a.txt', data: Buffer.from('x') }]),
      ]) {
        const response = await upload(file);
        expect(response.statusCode).toBe(415);
        expect(response.json().error.key).toBe('errors.memberImport.notXlsx');
      }
    });

    it('refuses a zip bomb, declared or disguised, without unpacking it (413)', async () => {
      const huge = Buffer.alloc(80 * 1024 * 1024, 0x20);
      const workbookXml = { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') };
      for (const declaredSize of [undefined, 1000]) {
        const response = await upload(
          zipOf([workbookXml, { name: 'xl/worksheets/sheet1.xml', data: huge, declaredSize }]),
        );
        expect(response.statusCode).toBe(413);
        expect(response.json().error.key).toBe('errors.memberImport.unpackedTooLarge');
      }
    });

    it('refuses a file over the size limit (413) and a header that is not the template (400)', async () => {
      const big = await upload(Buffer.alloc(11 * 1024 * 1024));
      expect(big.statusCode).toBe(413);
      const header = await upload(await memberWorkbook(memberRows(1), ['foo', 'bar']));
      expect(header.statusCode).toBe(400);
      expect(header.json().error.key).toBe('errors.memberImport.badHeader');
    });

    it('refuses a file of more than 50,000 rows, importing nothing', async () => {
      const before = await countAccounts(acmeOrgId);
      const response = await upload(bigWorkbook(50_001));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        key: 'errors.memberImport.tooManyRows',
        params: { max: 50000 },
      });
      expect(await countAccounts(acmeOrgId)).toBe(before);
    });

    it('reads a workbook written by another program (inline strings, no styles)', async () => {
      const response = await upload(bigWorkbook(2));
      expect(response.json().data).toMatchObject({ Imported: 2 });
    });

    it('refuses a member (403) and an unsigned request', async () => {
      const file = await memberWorkbook(memberRows(1, 4000));
      expect((await upload(file, memberCookie)).statusCode).toBe(403);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/account/import',
        headers: { cookie: adminCookie, 'content-type': XLSX },
        payload: file,
      });
      expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
      expect(await countAccounts(acmeOrgId)).toBeGreaterThan(0);
    });
  });

  describe('POST /api/ssoAccount/import', () => {
    const ssoUpload = (file: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ssoAccount/import',
        headers: { ...t.signed(), cookie: adminCookie, 'content-type': XLSX, 'accept-language': 'en-US' },
        payload: file,
      });
    const SSO_HEADER = [
      'External ID',
      'Name',
      'Mobile',
      'Email',
      'Department',
      'Direct superior',
      'Products',
    ];

    it('answers a template whose first column is the external id', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/ssoAccount/import/template?lang=en-US',
        headers: { cookie: adminCookie },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(SSO_HEADER);
    });

    it('imports SSO accounts keyed by external id, without a password, bound to the id', async () => {
      const response = await ssoUpload(
        await memberWorkbook(
          [
            ['u-1001', 'SSO One', '', '', 'R&D/Chemistry', '', 'ELN'],
            ['u-1002', 'SSO Two', '', 'sso.two@acme.test', '', '', ''],
          ],
          SSO_HEADER,
        ),
      );
      expect(response.json().data).toEqual({
        Imported: 2,
        Problems: [],
        ProblemCount: 0,
        Sent: 0,
        PasswordFile: null,
      });
      const rows = await t.database.db
        .selectFrom('host_bindings as b')
        .innerJoin('accounts as a', 'a.id', 'b.account_id')
        .select(['b.host_user_id', 'a.real_name', 'a.login_type', 'a.password_hash', 'a.org_id', 'a.dept_id'])
        .where('b.platform', '=', 'sso')
        .orderBy('b.host_user_id')
        .execute();
      expect(
        rows.map((r) => [r.host_user_id, r.real_name, r.login_type, r.password_hash, Number(r.org_id)]),
      ).toEqual([
        ['u-1001', 'SSO One', 2, '', acmeOrgId],
        ['u-1002', 'SSO Two', 2, '', acmeOrgId],
      ]);
      expect(Number(rows[0].dept_id)).toBe(chemistryId);
      // No password signs an SSO account in.
      expect((await signIn(t, 'sso.two@acme.test', '')).response.statusCode).not.toBe(200);
      expect((await signIn(t, 'sso.two@acme.test', 'anything')).response.statusCode).not.toBe(200);
    });

    it('refuses a missing, repeated or taken external id, importing nothing', async () => {
      const response = await ssoUpload(
        await memberWorkbook(
          [
            ['', 'No Id', '', '', '', '', ''],
            ['u-2001', 'First', '', '', '', '', ''],
            ['u-2001', 'Again', '', '', '', '', ''],
            ['u-1001', 'Taken', '', '', '', '', ''],
          ],
          SSO_HEADER,
        ),
      );
      expect(response.json().data.Problems).toEqual([
        { Row: 2, Column: 'externalId', key: 'errors.memberImport.externalIdRequired' },
        { Row: 4, Column: 'externalId', key: 'errors.memberImport.duplicateInFile', params: { row: 3 } },
        {
          Row: 5,
          Column: 'externalId',
          key: 'errors.memberImport.externalIdTaken',
          params: { externalId: 'u-1001' },
        },
      ]);
    });

    it('refuses a member (403)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ssoAccount/import',
        headers: { ...t.signed(), cookie: memberCookie, 'content-type': XLSX },
        payload: await memberWorkbook([['u-3001', 'X', '', '', '', '', '']], SSO_HEADER),
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
