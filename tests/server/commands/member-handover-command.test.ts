import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runHandoverCommand } from '../../../server/commands/member-handover-command';
import { createSecretBox } from '../../../server/security/secret-box';
import { handoverSecretContext } from '../../../server/services/member-handover-service';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const box = createSecretBox(Buffer.alloc(32, 7));

describe('operator CLI platform:handover', () => {
  let database: TestDatabase;
  const run = (options: { platform?: string; url?: string; secret?: string; off?: boolean }) =>
    runHandoverCommand(database.db, box, options, NOW);
  const stored = () => database.db.selectFrom('product_handover_hooks').selectAll().execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.drop());

  it('shows that a product has no hook', async () => {
    expect(await run({ platform: 'eln' })).toEqual(['ELN: no handover hook']);
  });

  it('sets a hook with a generated secret printed once and kept sealed', async () => {
    const lines = await run({ platform: 'ELN', url: 'https://eln.example/hooks/handover' });
    expect(lines[0]).toBe('ELN: handover hook https://eln.example/hooks/handover');
    const secret = /^shared secret: (\S+)$/.exec(lines[1])![1];
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const [row] = await stored();
    expect(row.secret_sealed).not.toContain(secret);
    expect(box.open(row.secret_sealed, handoverSecretContext(Number(row.product_id)))).toBe(secret);
    expect(await run({ platform: 'ELN' })).toEqual([
      'ELN: handover hook https://eln.example/hooks/handover (secret set)',
    ]);
  });

  it.each([
    [{ platform: 'ELN', url: 'ftp://eln.example/x' }, /only http/],
    [{ platform: 'ELN', url: 'file:///etc/passwd' }, /only http/],
    [{ platform: 'ELN', url: 'https://user:pw@eln.example/x' }, /no user name/],
    [{ platform: 'ELN', url: 'not a url' }, /absolute URL/],
    [{ platform: 'ELN', url: 'https://eln.example/x', secret: 'short' }, /at least 16/],
    [{ platform: 'NOPE', url: 'https://eln.example/x' }, /unknown product NOPE/],
    [{ url: 'https://eln.example/x' }, /--platform/],
  ])('refuses %j and changes nothing', async (options, message) => {
    await expect(run(options)).rejects.toThrow(message);
    await expect(run(options)).rejects.toBeInstanceOf(CommandError);
    expect((await stored()).map((row) => row.url)).toEqual(['https://eln.example/hooks/handover']);
  });

  it('replaces the hook with a chosen secret, then removes it', async () => {
    expect(
      await run({ platform: 'ELN', url: 'http://10.0.0.5:8080/handover', secret: 'a-chosen-secret-1234' }),
    ).toEqual(['ELN: handover hook http://10.0.0.5:8080/handover']);
    expect(await run({ platform: 'ELN', off: true })).toEqual(['ELN: handover hook removed']);
    expect(await stored()).toEqual([]);
    expect(await run({ platform: 'ELN', off: true })).toEqual(['ELN: had no handover hook']);
  });
});
