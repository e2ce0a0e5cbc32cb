import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFailuresRepository } from '../../../server/repositories/auth-failures-repository';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const WINDOW = 15 * 60 * 1000;
const t0 = 1_800_000_000_000;

describe.each(engines())('auth failures repository on %s', (engine) => {
  let database: TestDatabase;
  let repo: ReturnType<typeof createAuthFailuresRepository>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repo = createAuthFailuresRepository(database.db);
  });
  afterAll(() => database.drop());

  it('counts failures per key within the window', async () => {
    expect(await repo.increment('ip:1.2.3.4', t0, WINDOW)).toBe(1);
    expect(await repo.increment('ip:1.2.3.4', t0 + 1000, WINDOW)).toBe(2);
    expect(await repo.increment('account:a@b.test', t0 + 2000, WINDOW)).toBe(1);
    const counts = await repo.countMany(
      ['ip:1.2.3.4', 'account:a@b.test', 'account:none'],
      t0 + 3000,
      WINDOW,
    );
    expect(Object.fromEntries(counts)).toEqual({ 'ip:1.2.3.4': 2, 'account:a@b.test': 1 });
  });

  it('starts a new window once the old one has closed', async () => {
    expect(await repo.increment('ip:1.2.3.4', t0 + WINDOW, WINDOW)).toBe(1);
    const counts = await repo.countMany(['ip:1.2.3.4'], t0 + WINDOW + 1, WINDOW);
    expect(counts.get('ip:1.2.3.4')).toBe(1);
  });

  it('does not count a closed window and purges it', async () => {
    const later = t0 + 2 * WINDOW + 5000;
    expect((await repo.countMany(['account:a@b.test'], later, WINDOW)).size).toBe(0);
    await repo.purgeExpired(later, WINDOW);
    const rows = await database.db.selectFrom('auth_failures').select('key').execute();
    expect(rows).toEqual([]);
  });

  it('forgets several keys at once on clear, and nothing for no keys', async () => {
    await repo.increment('account:13900000001', t0, WINDOW);
    await repo.increment('account:e@f.test', t0, WINDOW);
    await repo.increment('ip:9.9.9.9', t0, WINDOW);
    await repo.clear();
    await repo.clear('account:13900000001', 'account:e@f.test');
    const counts = await repo.countMany(
      ['account:13900000001', 'account:e@f.test', 'ip:9.9.9.9'],
      t0,
      WINDOW,
    );
    expect(Object.fromEntries(counts)).toEqual({ 'ip:9.9.9.9': 1 });
  });

  it('forgets one key on clear', async () => {
    await repo.increment('account:c@d.test', t0, WINDOW);
    await repo.clear('account:c@d.test');
    expect((await repo.countMany(['account:c@d.test'], t0, WINDOW)).size).toBe(0);
  });
});
