import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig } from '../../server/core/config';
import { addMember, createOrganization, type NewMember } from '../../server/provisioning';
import { createRepositories } from '../../server/repositories';
import { signedHeaders } from './signed-headers';
import { createTestDatabase, type Engine, type TestDatabase } from './test-database';

/** A clock tests move by hand. */
export function createClock(start = Date.UTC(2026, 10, 23, 9, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof createClock>;
  config: ReturnType<typeof loadConfig>;
  /** Fresh signing headers for one request, at the test clock's time. */
  signed(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The real application over a fresh database of one engine, with an injected clock and no logging;
 * `env` adds or overrides configuration variables (e.g. PUBLIC_URL, STATIC_DIR); `options` adds app options
 * (e.g. where the development outbox prints).
 */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'now' | 'logger'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent-client',
    SEED_DEMO: 'false',
    ...env,
  });
  const clock = createClock();
  const app = await buildApp(config, database, { ...options, now: clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    signed: () => signedHeaders(config.signingKey, clock.now()),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const TEST_PASSWORD = 'Lab#Pass2026-Quartz';

/** Creates an organisation with an administrator and members, all with TEST_PASSWORD. */
export async function createTestOrganization(
  testApp: TestApp,
  name: string,
  options: {
    products?: string[];
    admin: Omit<NewMember, 'realName'> & { realName?: string };
    members?: NewMember[];
    /** Authorised for open capability (message push, ...): yes unless a test says otherwise. */
    openness?: boolean;
  },
) {
  const { orgId, admin } = await createOrganization(
    testApp.database.db,
    {
      name,
      products: options.products ?? [],
      admin: { realName: `${name} Admin`, password: TEST_PASSWORD, ...options.admin },
    },
    testApp.clock.now(),
  );
  if (options.openness !== false)
    await createRepositories(testApp.database.db).organizations.setOpennessAuthorized(orgId, true);
  const members = [];
  for (const member of options.members ?? []) {
    members.push(
      await addMember(
        testApp.database.db,
        orgId,
        { password: TEST_PASSWORD, ...member },
        testApp.clock.now(),
      ),
    );
  }
  return { orgId, admin, members };
}

/**
 * Signs in through the API; returns the response and the session cookie header to send back. `ip` is the
 * address the attempt comes from (failures count per address: a test of many failures uses its own).
 */
export async function signIn(
  testApp: TestApp,
  account: string,
  password = TEST_PASSWORD,
  extra: Record<string, unknown> = {},
  { ip = '127.0.0.1' }: { ip?: string } = {},
): Promise<{ response: LightMyRequestResponse; cookie: string }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/account/loginV2',
    remoteAddress: ip,
    headers: testApp.signed(),
    payload: { account, password, agreed: true, ...extra },
  });
  const session = response.cookies.find((c) => c.name === 'uc_session');
  return { response, cookie: session ? `uc_session=${session.value}` : '' };
}

/**
 * A new image captcha fetched from `ip`, with its answer, as the fields a sign-in sends: for a test app
 * built with `captchaText` returning `answer`.
 */
export async function answeredCaptcha(
  testApp: TestApp,
  answer: string,
  ip = '127.0.0.1',
): Promise<{ captchaId: string; captcha: string }> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  return { captchaId: response.json().data.CaptchaId, captcha: answer };
}
