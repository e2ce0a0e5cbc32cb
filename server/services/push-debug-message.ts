import { randomBytes } from 'node:crypto';
import type { HostPlatform, Language } from '../../domain/constants';
import { translate } from '../core/translate';
import type { MessagePushTestResult, PushResult } from '../../domain/schemas/message-push';
import { ApiError } from '../core/errors';
import type { Repositories } from '../repositories';
import {
  type PushDeps,
  PUSH_TEST_LIMIT,
  PUSH_TEST_WINDOW_MS,
  sendThroughIntegration,
} from './message-push-service';

/**
 * The platform a debug message goes through: the one named, else the organisation's only switched-on
 * integration (SPEC's `GET messagepush/test?pushType=4` names none). None switched on is 409
 * errors.push.notConfigured; several, 400 errors.push.platformRequired (the caller must name one).
 */
async function debugPlatform(
  repos: Repositories,
  orgId: number,
  platform: HostPlatform | undefined,
): Promise<HostPlatform> {
  if (platform) return platform;
  const enabled = (await repos.hostIntegrations.listByOrg(orgId)).filter((row) => row.enabled === 1);
  if (enabled.length === 0) throw new ApiError(409, 'errors.push.notConfigured');
  if (enabled.length > 1) throw new ApiError(400, 'errors.push.platformRequired');
  return enabled[0].platform as HostPlatform;
}

/**
 * The administrator's debug message (POST /api/OrganizationOpenness/messagepush/test, or SPEC's GET with
 * pushType=4): sends a test notification at once to their own identity on the platform and says what the
 * platform answered, in the administrator's language. The integration must be switched on (409
 * errors.push.notConfigured) and the administrator bound on that platform (409 errors.push.notBound); more
 * than PUSH_TEST_LIMIT in PUSH_TEST_WINDOW_MS is 429.
 */
export async function sendTestMessage(
  deps: PushDeps,
  session: { orgId: number; accountId: number },
  requested: HostPlatform | undefined,
  language: Language,
): Promise<MessagePushTestResult> {
  const platform = await debugPlatform(deps.repos, session.orgId, requested);
  const integration = await deps.repos.hostIntegrations.find(session.orgId, platform);
  if (!integration || integration.enabled !== 1) throw new ApiError(409, 'errors.push.notConfigured');
  // Each debug message is a real call to the platform: an administrator gets a few per window.
  const sent = await deps.repos.sendCounters.increment(
    `push:test:${session.accountId}`,
    deps.now(),
    PUSH_TEST_WINDOW_MS,
  );
  if (sent > PUSH_TEST_LIMIT) throw new ApiError(429, 'errors.request.tooFrequent');
  if (!(await deps.repos.hostBindings.findByAccount(session.orgId, platform, session.accountId))) {
    throw new ApiError(409, 'errors.push.notBound');
  }
  const hostName = translate(language, `messagePush.hosts.${platform}`);
  const outcome = await sendThroughIntegration(deps, integration, session.accountId, {
    title: translate(language, 'messagePush.testTitle'),
    text: translate(language, 'messagePush.testText', { host: hostName }),
    url: '',
    idempotencyKey: `test-${randomBytes(12).toString('hex')}`,
  });
  const result: PushResult = outcome.ok ? 'delivered' : outcome.result;
  return {
    delivered: outcome.ok,
    result,
    message: translate(language, `messagePush.result.${result}`, { host: hostName }),
    detail: outcome.detail,
  };
}
