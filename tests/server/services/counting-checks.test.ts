import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_WINDOW_MS } from '../../../domain/constants';
import { createRepositories } from '../../../server/repositories';
import { checkCaptcha } from '../../../server/services/captcha-service';
import { verifyEsignPassword } from '../../../server/services/esign-service';
import { verifyOldPassword } from '../../../server/services/password-change-service';
import { countAddressFailure } from '../../../server/services/address-limits';
import { verifyCode, verifyRecipientCode } from '../../../server/services/verification-code-service';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/**
 * Every check that counts its failures (a code's tries, a wrong password, a captcha's one answer, an
 * address's failures) refuses to run inside a transaction: its refusal is a thrown error, which would roll
 * the count back with it (the contact change's code was once checked so, and never counted a wrong one).
 */
describe.each(engines())('checks that count their failures on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const org = await createTestOrganization(t, 'Count Lab', {
      admin: { account: 'admin@count.test' },
      members: [{ realName: 'Counted', account: 'counted@count.test' }],
    });
    orgId = org.orgId;
    accountId = org.members[0].id;
  });
  afterAll(() => t.close());

  const now = () => t.clock.now();
  /** Runs `check` with a transaction handle: it must refuse before counting anything. */
  const insideTransaction = (check: (tx: typeof t.database.db) => Promise<unknown>) =>
    t.database.db.transaction().execute((trx) => check(trx));

  it('refuses each of them a transaction handle, as a programming error', async () => {
    const checks: Array<[string, (tx: typeof t.database.db) => Promise<unknown>]> = [
      [
        'verifyCode',
        (tx) => verifyCode(tx, { purpose: 'reset', recipient: 'counted@count.test', code: '1' }, now()),
      ],
      [
        'verifyRecipientCode',
        (tx) => verifyRecipientCode(tx, { purpose: 'trial', recipient: '13900000001', code: '1' }, now()),
      ],
      ['checkCaptcha', (tx) => checkCaptcha(tx, { id: 'x', answer: 'ABCD' }, now())],
      [
        'verifyOldPassword',
        (tx) =>
          verifyOldPassword({ db: tx }, { orgId, accountId, oldPassword: 'wrong', ip: '192.0.2.1' }, now()),
      ],
      [
        'verifyEsignPassword',
        (tx) => verifyEsignPassword(tx, { orgId, accountId, ip: '192.0.2.1' }, 'wrong', now()),
      ],
      ['countAddressFailure', (tx) => countAddressFailure(tx, '192.0.2.1', now())],
    ];
    for (const [name, check] of checks) {
      await expect(insideTransaction(check), name).rejects.toThrow(
        `${name} counts its failures: call it outside any transaction`,
      );
    }
    const failures = await createRepositories(t.database.db).authFailures.countMany(
      ['ip:192.0.2.1', 'esign-ip:192.0.2.1'],
      now(),
      FAILURE_WINDOW_MS,
    );
    expect(failures.size).toBe(0);
  });
});
