import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountIdentifier } from '../../../domain/rules/account-identifier';
import type { NewAccount } from '../../../server/db/tables';
import { createRepositories, type Repositories } from '../../../server/repositories';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const t0 = 1_800_000_000_000;

/** An active ordinary member of an organisation, with the given account name columns. */
function member(orgId: number, names: { mobile?: string; email?: string }): NewAccount {
  return {
    org_id: orgId,
    dept_id: null,
    real_name: names.email ?? names.mobile ?? 'member',
    mobile: names.mobile ?? null,
    email: names.email ?? null,
    password_hash: 'hash-1',
    status: 'active',
    is_org_admin: 0,
    login_type: 0,
    lang: 'zh-CN',
    ui_version: 'NEW',
    photo: '',
    must_change_password: 0,
    password_changed_at: t0,
    is_home_guided: 0,
    is_personal_center_guided: 0,
    created_at: t0,
    last_login_at: null,
    removed_at: null,
  };
}

describe.each(engines())('accounts repository on %s', (engine) => {
  let database: TestDatabase;
  let repos: Repositories;
  let orgId: number;
  let otherOrgId: number;
  let chemistId: number;
  let analystId: number;
  let formerId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repos = createRepositories(database.db);
    orgId = await repos.organizations.insert('Acme Lab', t0);
    otherOrgId = await repos.organizations.insert('Rival Lab', t0);
    chemistId = await repos.accounts.insert(member(orgId, { mobile: '13900000001' }));
    analystId = await repos.accounts.insert(member(orgId, { email: 'analyst@acme.test' }));
    formerId = await repos.accounts.insert({
      ...member(orgId, { email: 'former@acme.test' }),
      status: 'removed',
    });
    await repos.accounts.insert(member(otherOrgId, { email: 'rival@rival.test' }));
  });
  afterAll(() => database.drop());

  it('finds an account by mobile or email in any organisation, with its organisation name', async () => {
    const byMobile = await repos.accounts.findByIdentifier(parseAccountIdentifier('13900000001'));
    expect(byMobile).toMatchObject({ id: chemistId, org_name: 'Acme Lab', dept_name: null });
    const byEmail = await repos.accounts.findByIdentifier(parseAccountIdentifier(' Rival@Rival.test'));
    expect(byEmail).toMatchObject({ org_id: otherOrgId, org_name: 'Rival Lab' });
  });

  it('does not find former members or names that are neither mobile nor email', async () => {
    expect(await repos.accounts.findByIdentifier(parseAccountIdentifier('former@acme.test'))).toBeUndefined();
    expect(await repos.accounts.findByIdentifier(parseAccountIdentifier('analyst'))).toBeUndefined();
  });

  it('scopes reads by id to the organisation', async () => {
    expect(await repos.accounts.findById(orgId, analystId)).toMatchObject({ email: 'analyst@acme.test' });
    expect(await repos.accounts.findById(otherOrgId, analystId)).toBeUndefined();
    expect(await repos.accounts.findWithOrganization(otherOrgId, analystId)).toBeUndefined();
  });

  it('lists the ids of current members only', async () => {
    expect(await repos.accounts.listMemberIds(orgId)).toEqual([chemistId, analystId]);
  });

  it('puts an account in a department whose name then shows beside it', async () => {
    const deptId = await repos.organizations.insertDepartment(orgId, 'Chemistry', '', t0);
    await repos.accounts.setDepartment(orgId, chemistId, deptId);
    expect(await repos.accounts.findWithOrganization(orgId, chemistId)).toMatchObject({
      dept_id: deptId,
      dept_name: 'Chemistry',
    });
  });

  it('locks an active account and unlocks it again', async () => {
    await repos.accounts.lock(orgId, analystId, t0);
    expect((await repos.accounts.findById(orgId, analystId))?.status).toBe('locked');
    await repos.accounts.unlock(otherOrgId, analystId, t0);
    expect((await repos.accounts.findById(orgId, analystId))?.status).toBe('locked');
    await repos.accounts.unlock(orgId, analystId, t0);
    expect((await repos.accounts.findById(orgId, analystId))?.status).toBe('active');
  });

  it('never turns a former member active by unlocking or locking', async () => {
    await repos.accounts.unlock(orgId, formerId, t0);
    await repos.accounts.lock(orgId, formerId, t0);
    expect((await repos.accounts.findById(orgId, formerId))?.status).toBe('removed');
  });

  it('sets a one-time password that must be changed, and lifts the lock', async () => {
    await repos.accounts.lock(orgId, chemistId, t0);
    await repos.accounts.setOneTimePassword(orgId, chemistId, 'hash-2', t0 + 1000);
    expect(await repos.accounts.findById(orgId, chemistId)).toMatchObject({
      password_hash: 'hash-2',
      must_change_password: 1,
      password_changed_at: t0 + 1000,
      status: 'active',
    });
  });

  it('leaves a former member alone on a password reset', async () => {
    await repos.accounts.setOneTimePassword(orgId, formerId, 'hash-3', t0);
    expect(await repos.accounts.findById(orgId, formerId)).toMatchObject({
      password_hash: 'hash-1',
      status: 'removed',
    });
  });

  it('keeps language, UI version and last sign-in per account', async () => {
    await repos.accounts.setLanguage(orgId, analystId, 'en-US');
    await repos.accounts.setUiVersion(orgId, analystId, 'NOSTALGIA');
    await repos.accounts.markSignedIn(orgId, analystId, t0 + 5000);
    expect(await repos.accounts.findById(orgId, analystId)).toMatchObject({
      lang: 'en-US',
      ui_version: 'NOSTALGIA',
      last_login_at: t0 + 5000,
    });
    expect((await repos.accounts.findById(orgId, chemistId))?.lang).toBe('zh-CN');
  });

  it('shows basic info of members but not of former members', async () => {
    expect(await repos.accounts.findBasicInfo(orgId, analystId)).toMatchObject({
      email: 'analyst@acme.test',
      org_name: 'Acme Lab',
    });
    expect(await repos.accounts.findBasicInfo(orgId, formerId)).toBeUndefined();
  });
});
