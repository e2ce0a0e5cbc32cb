import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';
import { ONE_TIME_HASH_PREFIX } from '../../../server/security/password-hasher';

describe.each(engines())('open API members and departments on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let beta: number;
  const tokens: Record<string, string> = {};

  const openCall = (
    who: 'acme' | 'beta',
    api: 'members' | 'departments',
    items: object[],
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/${api}`,
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en-US', ...headers },
      payload: { items },
    });
  const member = (orgId: number, email: string) =>
    t.database.db
      .selectFrom('accounts')
      .leftJoin('departments', 'departments.id', 'accounts.dept_id')
      .select([
        'accounts.id',
        'accounts.real_name',
        'accounts.status',
        'accounts.mobile',
        'departments.name as dept',
      ])
      .where('accounts.org_id', '=', orgId)
      .where('accounts.email', '=', email)
      .executeTakeFirst();
  const departments = (orgId: number) =>
    t.database.db
      .selectFrom('departments')
      .select(['id', 'name', 'parent_id'])
      .where('org_id', '=', orgId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    acme = (
      await createTestOrganization(t, 'Acme', { products: ['ELN'], admin: { account: 'admin@acme.test' } })
    ).orgId;
    beta = (await createTestOrganization(t, 'Beta', { admin: { account: 'admin@beta.test' } })).orgId;
    for (const [who, account] of [
      ['acme', 'admin@acme.test'],
      ['beta', 'admin@beta.test'],
    ] as const) {
      const { runAppCredentialCommand } = await import('../../../server/commands/open-command');
      const orgId = who === 'acme' ? acme : beta;
      const lines = (
        await runAppCredentialCommand(t.database.db, { org: String(orgId), name: `${who} HR` }, t.clock.now())
      ).join('\n');
      const appKey = /app key: (\S+)/.exec(lines)![1];
      const appSecret = /app secret: (\S+)/.exec(lines)![1];
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/Sdk/ucapi/token',
        payload: { appKey, appSecret },
      });
      tokens[who] = issued.json().data.accessToken;
      expect(account).toContain(who);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/Sdk/ucapi/members', () => {
    it('creates members with their departments, logs the call and names the app in the operation log', async () => {
      const response = await openCall('acme', 'members', [
        {
          externalId: 'E1',
          email: 'ann@acme.test',
          name: 'Ann',
          departmentPath: 'R&D/Chemistry',
          products: ['ELN'],
        },
        { externalId: 'E2', mobile: '13900000001', name: 'Bob' },
      ]);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ status: 1, applied: 2, problems: [] });
      expect(data.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await member(acme, 'ann@acme.test')).toMatchObject({
        real_name: 'Ann',
        status: 'active',
        dept: 'Chemistry',
      });
      expect((await departments(acme)).map((row) => row.name)).toEqual(['R&D', 'Chemistry']);

      const logged = await t.database.db
        .selectFrom('open_calls')
        .selectAll()
        .where('req_id', '=', data.reqId)
        .executeTakeFirstOrThrow();
      expect(logged).toMatchObject({
        api_name: 'members',
        sync_status: 1,
        application: 'acme HR',
        response_status: 200,
      });
      expect(JSON.parse(logged.request_body).items[0].name).toBe('Ann');
      expect(JSON.parse(logged.response_body)).toEqual(data);
      const operators = await t.database.db
        .selectFrom('operation_logs')
        .select('operator_name')
        .where('org_id', '=', acme)
        .where('module', '=', 'member')
        .execute();
      expect(operators.length).toBeGreaterThanOrEqual(2);
      expect(operators.every((row) => row.operator_name.startsWith('acme HR (uak_'))).toBe(true);
    });

    it('gives a member it creates no password anyone knows: a discarded one-time hash, flagged for a change', async () => {
      const response = await openCall('acme', 'members', [
        { externalId: 'E9', email: 'nopass@acme.test', name: 'No Pass' },
      ]);
      expect(response.json().data).toMatchObject({ status: 1, applied: 1 });
      expect(response.body).not.toMatch(/password/i);
      const row = await t.database.db
        .selectFrom('accounts')
        .select(['password_hash', 'must_change_password'])
        .where('org_id', '=', acme)
        .where('email', '=', 'nopass@acme.test')
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith(ONE_TIME_HASH_PREFIX)).toBe(true);
      expect(Boolean(row.must_change_password)).toBe(true);
    });

    it('updates by external id before mobile or email, disables and restores', async () => {
      const renamed = await openCall('acme', 'members', [
        { externalId: 'E1', email: 'ann@acme.test', name: 'Ann Lee', departmentPath: 'R&D' },
      ]);
      expect(renamed.json().data).toMatchObject({ status: 1, applied: 1 });
      expect(await member(acme, 'ann@acme.test')).toMatchObject({ real_name: 'Ann Lee', dept: 'R&D' });

      await openCall('acme', 'members', [{ externalId: 'E1', name: 'Ann Lee', disabled: true }]);
      expect((await member(acme, 'ann@acme.test'))?.status).toBe('removed');
      await openCall('acme', 'members', [{ email: 'ann@acme.test', name: 'Ann Lee', disabled: false }]);
      expect((await member(acme, 'ann@acme.test'))?.status).toBe('active');
    });

    it('answers per-item problems with status 2 and applies the other items', async () => {
      const response = await openCall('acme', 'members', [
        { name: 'Nobody' },
        { email: 'cat@acme.test', name: 'Cat' },
        { email: 'not-an-email@', name: 'Dan' },
      ]);
      const data = response.json().data;
      expect(data.status).toBe(2);
      expect(data.applied).toBe(1);
      expect(
        data.problems.map((problem: { index: number; key: string }) => [problem.index, problem.key]),
      ).toEqual([
        [0, 'errors.openApi.accountRequired'],
        [2, 'errors.validation.invalidEmail'],
      ]);
      expect(data.problems[0].message).toBe('A new member needs a mobile number or an email to sign in with');
      expect(await member(acme, 'cat@acme.test')).toBeDefined();
    });

    it("never reaches another organisation's members", async () => {
      const response = await openCall('beta', 'members', [
        { email: 'ann@acme.test', name: 'Taken over', disabled: true },
      ]);
      expect(response.json().data).toMatchObject({ status: 2, applied: 0 });
      expect(response.json().data.problems[0].key).toBe('errors.members.accountTaken');
      expect(await member(acme, 'ann@acme.test')).toMatchObject({ real_name: 'Ann Lee', status: 'active' });
      expect(await member(beta, 'ann@acme.test')).toBeUndefined();
    });

    it('applies a retried call with the same Idempotency-Key once', async () => {
      const headers = { 'idempotency-key': 'sync-2026-11-23' };
      const first = await openCall('acme', 'members', [{ email: 'eve@acme.test', name: 'Eve' }], headers);
      const again = await openCall(
        'acme',
        'members',
        [{ email: 'eve@acme.test', name: 'Eve Changed' }],
        headers,
      );
      expect(again.json().data).toEqual(first.json().data);
      expect((await member(acme, 'eve@acme.test'))?.real_name).toBe('Eve');
      const rows = await t.database.db
        .selectFrom('open_calls')
        .select('id')
        .where('idempotency_key', '=', 'sync-2026-11-23')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a call without a valid token and more than 1000 items', async () => {
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/Sdk/ucapi/members',
        payload: { items: [] },
      });
      expect(none.statusCode).toBe(401);
      const many = await openCall(
        'acme',
        'members',
        Array.from({ length: 1001 }, (_, i) => ({ email: `m${i}@acme.test`, name: `M${i}` })),
      );
      expect(many.statusCode).toBe(400);
    });
  });

  describe('POST /api/Sdk/ucapi/departments', () => {
    it('creates by path, moves a known external id to a new path, and deletes', async () => {
      const created = await openCall('beta', 'departments', [
        { path: 'Sales/North', externalId: 'D-N' },
        { path: 'Ops' },
      ]);
      expect(created.json().data).toMatchObject({ status: 1, applied: 2 });
      const moved = await openCall('beta', 'departments', [{ path: 'Ops/Northern', externalId: 'D-N' }]);
      expect(moved.json().data).toMatchObject({ status: 1, applied: 1 });
      const rows = await departments(beta);
      const ops = rows.find((row) => row.name === 'Ops')!;
      expect(rows.find((row) => row.name === 'Northern')).toMatchObject({ parent_id: ops.id });
      expect(rows.find((row) => row.name === 'North')).toBeUndefined();

      const deleted = await openCall('beta', 'departments', [
        { path: 'Ops/Northern', delete: true },
        { path: 'Nowhere', delete: true },
      ]);
      expect(deleted.json().data).toMatchObject({ status: 2, applied: 1 });
      expect(deleted.json().data.problems[0]).toMatchObject({ index: 1, key: 'errors.departments.notFound' });
      expect((await departments(beta)).map((row) => row.name).sort()).toEqual(['Ops', 'Sales']);
    });
  });
});
