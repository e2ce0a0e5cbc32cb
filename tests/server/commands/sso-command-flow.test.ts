import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runSsoCommand } from '../../../server/commands/sso-command';
import { createSecretBox } from '../../../server/security/secret-box';
import { startSsoFakes, type SsoFakes } from '../../helpers/sso-fakes';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PORTAL = 'http://portal.test';
const SECRETS_KEY = 'f6'.repeat(32);

/**
 * `org:sso` end to end with the screen: the command applies a configuration, refuses `--enable` until a
 * debug of exactly that configuration succeeded on /sso/auth (as the screen's Enable does), then enables it,
 * ending the organisation's sessions; a configuration applied again needs a new debug.
 */
describe.each(engines())('org:sso with the screen’s debug on %s', (engine) => {
  let t: TestApp;
  let idp: SsoFakes;
  let orgId: number;

  const command = (options: Record<string, string | boolean>) =>
    runSsoCommand(
      t.database.db,
      t.config,
      createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      { org: String(orgId), ...options },
      t.clock.now(),
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof CommandError ? error.message : `unexpected ${String(error)}`),
    );
  const oidc = {
    'oidc-issuer': '',
    'client-id': 'portal',
    'client-secret': 'cli-secret',
    map: 'externalId=sub,email=email',
  };

  beforeAll(async () => {
    idp = await startSsoFakes({
      clientId: 'portal',
      clientSecret: 'cli-secret',
      redirectUri: `${PORTAL}/api/sso/callback`,
    });
    oidc['oidc-issuer'] = `${idp.base}/oidc`;
    t = await createTestApp(engine, {
      PUBLIC_URL: PORTAL,
      SECRETS_KEY,
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${idp.port}`,
    });
    orgId = (
      await createTestOrganization(t, 'Cli Lab', {
        admin: { account: 'admin@cli.test' },
        members: [{ realName: 'Ada', account: 'ada@cli.test' }],
      })
    ).orgId;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** The administrator's Debug on /sso/auth: the popup's trip through the provider and back. */
  async function debugOnScreen(): Promise<void> {
    const admin = (await signIn(t, 'admin@cli.test')).cookie;
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/debug', headers: { cookie: admin } });
    expect(start.statusCode).toBe(302);
    const back = await idp.browse(start.headers.location as string);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.headers.location).toBe('/#/layout/sso/auth?debug=done');
  }

  it('refuses --enable before the debug, enables after it, and asks again after a new configuration', async () => {
    const applied = await command(oidc);
    expect(applied).toContain(
      `callback address to register at the identity provider: ${PORTAL}/api/sso/callback`,
    );
    expect(applied).toContain(`sign-in address for members: ${PORTAL}/#/sso?orgId=${orgId}`);
    expect(applied).toContain(
      `sign-out return address to register at an OpenID provider: ${PORTAL}/api/sso/logged-out`,
    );
    expect(await refusal(command({ enable: true }))).toContain('Debug the saved configuration first');

    const member = (await signIn(t, 'ada@cli.test')).cookie;
    await debugOnScreen();
    const enabled = await command({ enable: true });
    expect(enabled[0]).toMatch(
      new RegExp(`organisation ${orgId}: single sign-on enabled, \\d+ sessions ended`),
    );
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie: member },
    });
    expect(current.statusCode).toBe(401);
    expect((await signIn(t, 'ada@cli.test')).response.json().error.key).toBe(
      'errors.sso.passwordSignInDisabled',
    );

    // Applying a changed configuration turns SSO off; enabling it needs a debug of the new one.
    expect(await refusal(command({ ...oidc, scope: 'openid email', enable: true }))).toContain(
      'Debug the saved configuration first',
    );
    expect((await signIn(t, 'ada@cli.test')).response.statusCode).toBe(200);
    expect(await command({ disable: true })).toContain(`organisation ${orgId}: single sign-on disabled`);
  });
});
