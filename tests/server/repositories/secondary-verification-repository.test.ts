import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, SIGN_IN_SOURCE_RETENTION_MS } from '../../../domain/constants';
import { createSecondaryVerificationRepository } from '../../../server/repositories/secondary-verification-repository';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const t0 = 1_800_000_000_000;
const TTL = 10 * 60 * 1000;
const challenge = (tokenHash: string, now = t0) => ({
  tokenHash,
  orgId: 1,
  accountId: 7,
  ip: '192.0.2.1',
  loginName: 'ada@lab.test',
  autoLogin: true,
  product: 'UC',
  loginClient: 'pc',
  passwordChangeReason: null,
  now,
  expiresAt: now + TTL,
});

describe.each(engines())('security verification repository on %s', (engine) => {
  let database: TestDatabase;
  let repo: ReturnType<typeof createSecondaryVerificationRepository>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repo = createSecondaryVerificationRepository(database.db);
  });
  afterAll(() => database.drop());

  it('answers off for an organisation without a setting, then the mode saved, replaced in place', async () => {
    expect(await repo.findMode(1)).toEqual({ mode: 'off', updatedAt: null });
    await repo.saveMode(1, 'always', t0);
    await repo.saveMode(1, 'new-device', t0 + 1);
    expect(await repo.findMode(1)).toEqual({ mode: 'new-device', updatedAt: t0 + 1 });
  });

  it('hands out a live challenge until its tries are spent, however many claims come at once', async () => {
    await repo.insertChallenge(challenge('a'.repeat(64)));
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => repo.claimTry('a'.repeat(64), t0 + 1, 5)),
    );
    expect(
      claims
        .filter(Boolean)
        .map((claim) => claim!.tries)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(await repo.findLiveChallenge('a'.repeat(64), t0 + 1, 5)).toBeUndefined();
  });

  it('uses a challenge up once, and purges the expired ones only', async () => {
    await repo.insertChallenge(challenge('b'.repeat(64)));
    await repo.insertChallenge(challenge('c'.repeat(64), t0 + TTL));
    expect(await repo.consume('b'.repeat(64), t0 + 2)).toBe(true);
    expect(await repo.consume('b'.repeat(64), t0 + 3)).toBe(false);
    expect(await repo.findLiveChallenge('b'.repeat(64), t0 + 3, 5)).toBeUndefined();
    await repo.purgeExpired(t0 + TTL);
    const left = await database.db.selectFrom('sign_in_challenges').select('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['c'.repeat(64)]);
  });

  it('knows the devices and addresses an account has signed in from, and only that account', async () => {
    expect(await repo.knownSource(7, 'd'.repeat(64), '192.0.2.1')).toEqual({
      knownDevice: false,
      knownIp: false,
    });
    await repo.rememberSource(1, 7, 'd'.repeat(64), '192.0.2.1', t0);
    await repo.rememberSource(1, 7, 'd'.repeat(64), '192.0.2.1', t0 + 5);
    expect(await repo.knownSource(7, 'd'.repeat(64), '192.0.2.1')).toEqual({
      knownDevice: true,
      knownIp: true,
    });
    expect(await repo.knownSource(7, null, '192.0.2.9')).toEqual({ knownDevice: false, knownIp: false });
    expect(await repo.knownSource(8, 'd'.repeat(64), '192.0.2.1')).toEqual({
      knownDevice: false,
      knownIp: false,
    });
    // Seen again within the day: the first sign-in's time stands (see the next test).
    const rows = await database.db
      .selectFrom('sign_in_sources')
      .select(['kind', 'last_seen_at'])
      .where('account_id', '=', 7)
      .execute();
    expect(rows.map((row) => [row.kind, Number(row.last_seen_at)]).sort()).toEqual([
      ['device', t0],
      ['ip', t0],
    ]);
  });

  it("records a known source's last sign-in again once a day has passed, not before", async () => {
    const lastSeen = async () =>
      (
        await database.db
          .selectFrom('sign_in_sources')
          .select(['kind', 'first_seen_at', 'last_seen_at'])
          .where('account_id', '=', 11)
          .execute()
      )
        .map((row) => [row.kind, Number(row.first_seen_at), Number(row.last_seen_at)])
        .sort();
    await repo.rememberSource(1, 11, 'g'.repeat(64), '192.0.2.40', t0);
    await repo.rememberSource(1, 11, 'g'.repeat(64), '192.0.2.40', t0 + DAY_MS - 1);
    expect(await lastSeen()).toEqual([
      ['device', t0, t0],
      ['ip', t0, t0],
    ]);
    await repo.rememberSource(1, 11, 'g'.repeat(64), '192.0.2.40', t0 + DAY_MS);
    expect(await lastSeen()).toEqual([
      ['device', t0, t0 + DAY_MS],
      ['ip', t0, t0 + DAY_MS],
    ]);
    // A new address of the same device is remembered at once.
    await repo.rememberSource(1, 11, 'g'.repeat(64), '192.0.2.41', t0 + DAY_MS + 1);
    expect(await repo.knownSource(11, null, '192.0.2.41')).toEqual({ knownDevice: false, knownIp: true });
  });

  it('forgets a device or address unseen for the retention period, and keeps one seen since', async () => {
    await repo.rememberSource(1, 9, 'e'.repeat(64), '192.0.2.20', t0);
    await repo.rememberSource(1, 10, 'f'.repeat(64), '192.0.2.30', t0);
    await repo.rememberSource(1, 10, 'f'.repeat(64), '192.0.2.30', t0 + DAY_MS);
    await repo.purgeExpired(t0 + SIGN_IN_SOURCE_RETENTION_MS);
    expect(await repo.knownSource(9, 'e'.repeat(64), '192.0.2.20')).toEqual({
      knownDevice: false,
      knownIp: false,
    });
    expect(await repo.knownSource(10, 'f'.repeat(64), '192.0.2.30')).toEqual({
      knownDevice: true,
      knownIp: true,
    });
  });
});
