import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runFooterCommand } from '../../../server/commands/footer-command';
import { loadConfig } from '../../../server/core/config';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const ENV = {
  FOOTER_FILING: '沪ICP备12345678号-1',
  FOOTER_FILING_URL: 'https://beian.miit.gov.cn/',
  FOOTER_LINKS: 'Company site|https://lab.example.com; Status|https://status.lab.example.com',
};

/** SPEC §2 Footer: filing information and external links, set by the operator, hidden while unset. */
describe.each(engines())('the footer’s filing and external links on %s', (engine) => {
  let t: TestApp;
  let bare: TestApp;
  const footerOf = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/config' })).json().data.footer;

  beforeAll(async () => {
    t = await createTestApp(engine, ENV);
    bare = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  it('hides both while nothing is set', async () => {
    expect(await footerOf(bare)).toEqual({ filing: null, links: [] });
  });

  it('answers what the environment sets', async () => {
    expect(await footerOf(t)).toEqual({
      filing: { text: '沪ICP备12345678号-1', url: 'https://beian.miit.gov.cn/' },
      links: [
        { label: 'Company site', url: 'https://lab.example.com/' },
        { label: 'Status', url: 'https://status.lab.example.com/' },
      ],
    });
  });

  it('takes what `npm run cli -- footer` sets in place of the environment, until --clear', async () => {
    const lines = await runFooterCommand(
      t.database.db,
      t.config,
      { filing: '京ICP备87654321号', links: 'Docs|https://docs.lab.example.com' },
      t.clock.now(),
    );
    expect(lines.join('\n')).toContain('京ICP备87654321号 -> https://beian.miit.gov.cn/');
    expect(await footerOf(t)).toEqual({
      filing: { text: '京ICP备87654321号', url: 'https://beian.miit.gov.cn/' },
      links: [{ label: 'Docs', url: 'https://docs.lab.example.com/' }],
    });
    await runFooterCommand(t.database.db, t.config, { filing: '', links: '' }, t.clock.now());
    expect(await footerOf(t)).toEqual({ filing: null, links: [] });
    await runFooterCommand(t.database.db, t.config, { clear: true }, t.clock.now());
    expect((await footerOf(t)).filing.text).toBe('沪ICP备12345678号-1');
  });

  it('refuses a link that is not Label|http(s) address, changing nothing', async () => {
    const before = await footerOf(t);
    await expect(
      runFooterCommand(t.database.db, t.config, { links: 'Evil|javascript:alert(1)' }, t.clock.now()),
    ).rejects.toBeInstanceOf(CommandError);
    await expect(
      runFooterCommand(t.database.db, t.config, { 'filing-url': 'ftp://x' }, t.clock.now()),
    ).rejects.toBeInstanceOf(CommandError);
    expect(await footerOf(t)).toEqual(before);
    expect(() => loadConfig({ FOOTER_LINKS: 'no address here' })).toThrow();
  });
});
