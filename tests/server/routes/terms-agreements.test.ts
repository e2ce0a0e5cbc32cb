import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { TERMS_RECHECK_MS } from '../../../server/services/terms-service';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

/** A content folder of this file's own, so the test can change the terms without touching the real ones. */
function contentCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terms-'));
  for (const file of fs.readdirSync('content')) {
    if (file.endsWith('.md')) fs.copyFileSync(path.join('content', file), path.join(dir, file));
  }
  return dir;
}

describe.each(engines())('terms agreed at sign-in on %s', (engine) => {
  let t: TestApp;
  let content: string;

  const termsVersion = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.termsVersion as string;
  const agreement = (accountId: number) =>
    t.database.db
      .selectFrom('terms_agreements')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();

  beforeAll(async () => {
    content = contentCopy();
    t = await createTestApp(engine, { CONTENT_DIR: content });
    await createTestOrganization(t, 'Terms Lab', {
      admin: { account: 'admin@terms.test' },
      members: [{ realName: 'Wang Chen', account: 'wang@terms.test' }],
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(content, { recursive: true, force: true });
  });

  it('records the version of the terms an account agreed to, per account, when it signs in', async () => {
    const version = await termsVersion();
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const { response } = await signIn(t, 'wang@terms.test');
    expect(response.statusCode).toBe(200);
    const id = response.json().data.AccountInfo.ID as number;
    expect(await agreement(id)).toMatchObject({ terms_version: version, agreed_at: t.clock.now() });
    // Only the account that signed in agreed.
    const admin = await t.database.db
      .selectFrom('terms_agreements')
      .select('account_id')
      .where('account_id', '!=', id)
      .execute();
    expect(admin).toEqual([]);
  });

  it('has a new version once the agreement changes, and the next sign-in agrees to that one', async () => {
    const before = await termsVersion();
    fs.appendFileSync(path.join(content, 'agreement.en-US.md'), '\n\nA clause added.\n');
    // The files are looked at again once TERMS_RECHECK_MS has passed: within that, the version stands.
    expect(await termsVersion()).toBe(before);
    t.clock.advance(TERMS_RECHECK_MS);
    const after = await termsVersion();
    expect(after).not.toBe(before);
    t.clock.advance(60_000);
    const { response } = await signIn(t, 'wang@terms.test');
    const id = response.json().data.AccountInfo.ID as number;
    expect(await agreement(id)).toMatchObject({ terms_version: after, agreed_at: t.clock.now() });
  });

  it('records nothing for a sign-in that is refused', async () => {
    const { response } = await signIn(t, 'admin@terms.test', 'not-the-password');
    expect(response.statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('terms_agreements').select('account_id').execute();
    expect(rows).toHaveLength(1);
  });

  it('writes nothing of a returning account whose terms are unchanged: its agreement keeps its first time', async () => {
    const version = await termsVersion();
    const first = await signIn(t, 'wang@terms.test');
    const id = first.response.json().data.AccountInfo.ID as number;
    const agreed = await agreement(id);
    expect(agreed).toMatchObject({ terms_version: version });
    t.clock.advance(60_000);
    const again = await signIn(t, 'wang@terms.test');
    expect(again.response.statusCode).toBe(200);
    expect(await agreement(id)).toEqual(agreed);
    expect(agreed!.agreed_at).toBeLessThan(t.clock.now());
  });
});
