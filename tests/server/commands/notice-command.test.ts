import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../domain/constants';
import { runNoticeCommand, type NoticeCommandOptions } from '../../../server/commands/notice-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI notice:create, notice:list, notice:end', () => {
  let database: TestDatabase;
  let orgId: number;
  const create = (options: NoticeCommandOptions) =>
    runNoticeCommand(database.db, 'notice:create', undefined, options, NOW);
  const logs = () =>
    database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('content', 'like', '%notice %')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: [],
        admin: { realName: 'Boss', password: 'Lab#Pass2026-Quartz', account: 'boss@noticecli.example' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('posts an announcement to everyone from now until --end, and lists it', async () => {
    const lines = await create({
      type: 'announcement',
      title: 'Upgrade tonight',
      detail: '今晚升级',
      'en-detail': 'Upgrade tonight at 22:00',
      end: '2026-11-27T09:00Z',
    });
    expect(lines[0]).toMatch(/^notice \d+ created$/);
    expect(lines[1]).toContain('live');
    expect(lines[1]).toContain('everyone');
    const list = await runNoticeCommand(database.db, 'notice:list', undefined, {}, NOW);
    expect(list.join('\n')).toContain('"Upgrade tonight"');
    expect(await logs()).toHaveLength(0);
  });

  it('posts a survey to one organisation with a row in its operation log by operator-cli', async () => {
    const lines = await create({
      type: 'survey',
      title: 'Satisfaction',
      'en-detail': 'Tell us',
      link: 'https://survey.example/1',
      begin: String(NOW + HOUR_MS),
      end: String(NOW + 2 * HOUR_MS),
      org: String(orgId),
    });
    expect(lines[1]).toContain('scheduled');
    expect(lines[1]).toContain(`organisation ${orgId}`);
    expect(await logs()).toEqual([expect.objectContaining({ operator_name: 'operator-cli' })]);
    expect((await runNoticeCommand(database.db, 'notice:list', undefined, {}, NOW)).join('\n')).not.toContain(
      'Satisfaction',
    );
    expect(
      (await runNoticeCommand(database.db, 'notice:list', undefined, { all: true }, NOW)).join('\n'),
    ).toContain('Satisfaction');
  });

  it('ends a notice now, and says so when it had already ended', async () => {
    const id = (
      await create({ type: 'announcement', title: 'Short', detail: 'x', end: String(NOW + HOUR_MS) })
    )[0].split(' ')[1];
    expect((await runNoticeCommand(database.db, 'notice:end', id, {}, NOW))[0]).toBe(`notice ${id} ended`);
    expect((await runNoticeCommand(database.db, 'notice:end', id, {}, NOW + 1))[0]).toBe(
      `notice ${id} had already ended`,
    );
    await expect(runNoticeCommand(database.db, 'notice:end', '99999', {}, NOW)).rejects.toThrow(/No notice/);
  });

  it.each([
    [{ type: 'popup', title: 'x', detail: 'x', end: '2027-01-01' }, /--type takes/],
    [{ type: 'survey', title: 'x', detail: 'x' }, /--end is required/],
    [{ type: 'survey', title: 'x', detail: 'x', end: 'tomorrow' }, /--end must be/],
    [{ type: 'survey', title: 'x', detail: 'x', end: '2020-01-01' }, /errors\.notices\.windowInvalid/],
    [
      { type: 'survey', title: 'x', detail: 'x', end: '2027-01-01', link: 'javascript:alert(1)' },
      /linkInvalid/,
    ],
    [{ type: 'survey', title: '', detail: 'x', end: '2027-01-01' }, /titleRequired/],
    [{ type: 'survey', title: 'x', detail: 'x', end: '2027-01-01', org: '9999' }, /No organisation/],
  ] as Array<[NoticeCommandOptions, RegExp]>)('refuses %j and stores nothing', async (options, message) => {
    const count = async () => (await database.db.selectFrom('notices').select('id').execute()).length;
    const before = await count();
    await expect(create(options)).rejects.toThrow(message);
    expect(await count()).toBe(before);
  });
});
