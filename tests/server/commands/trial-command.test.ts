import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../../server/repositories';
import { checkPasswordHash } from '../../../server/security/password-hasher';
import { TrialApprovalError } from '../../../server/services/trial-service';
import { runTrialCommand } from '../../../server/commands/trial-command';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

describe.each(engines())('trial:list and trial:approve on %s', (engine) => {
  let database: TestDatabase;
  let id: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    id = await createRepositories(database.db).trialApplications.insert(
      {
        name: 'Han Meimei',
        mobile: '13711112222',
        email: 'han@example.test',
        company: 'Example Bio',
        industry: 'biotechnology',
        product: 'ELN',
        message: 'Hello',
        language: 'zh-CN',
      },
      NOW,
    );
  });
  afterAll(() => database.drop());

  it('lists pending applications with their contact details', async () => {
    const lines = await runTrialCommand(database.db, 'trial:list', { status: 'pending' }, NOW);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`#${id}`);
    expect(lines[0]).toContain('13711112222');
    expect(lines[0]).toContain('Example Bio');
  });

  it('turns an application into an organisation whose administrator signs in with a one-time password', async () => {
    const lines = await runTrialCommand(database.db, 'trial:approve', { id: String(id) }, NOW + 1000);
    const password = /password: (\S+)/.exec(lines.find((line) => line.startsWith('admin:'))!)![1];
    const repos = createRepositories(database.db);
    const account = await repos.accounts.findByIdentifier({ kind: 'mobile', value: '13711112222' });
    expect(account).toMatchObject({ real_name: 'Han Meimei', is_org_admin: 1, must_change_password: 1 });
    expect((await checkPasswordHash(account!.password_hash, password)).matches).toBe(true);
    expect((await repos.organizations.findById(Number(account!.org_id)))?.name).toBe('Example Bio');
    const [row] = await repos.trialApplications.list('approved', 10);
    expect(Number(row.org_id)).toBe(Number(account!.org_id));
  });

  it('refuses to approve an application twice or one that does not exist', async () => {
    await expect(runTrialCommand(database.db, 'trial:approve', { id: String(id) }, NOW)).rejects.toThrow(
      TrialApprovalError,
    );
    await expect(runTrialCommand(database.db, 'trial:approve', { id: '999' }, NOW)).rejects.toThrow(
      'No trial application with id 999',
    );
  });
});
