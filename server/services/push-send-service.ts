import type { Kysely } from 'kysely';
import type { MessagePushSendRequest, MessagePushSendResult } from '../../domain/schemas/message-push';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { authenticateAccessToken, isAccessTokenHeader } from './app-credential-service';
import { enqueueMessages, authenticatePushKey, type PushDeps } from './message-push-service';

/** The push services' dependencies over the database: built once, when the routes are registered. */
export function pushDepsOf(db: Kysely<Database>, rest: Omit<PushDeps, 'repos'>): PushDeps {
  return { repos: readRepositories(db), ...rest };
}

/**
 * Queues an organisation's messages (POST messagepush/send) for the credential it sends: the open API's
 * access token or a push key, 401 when missing or revoked. A key outlives a withdrawn authorisation, so
 * the organisation's open capability is checked on every send (403).
 */
export async function acceptPushMessages(
  db: Kysely<Database>,
  authorization: string | undefined,
  input: Omit<MessagePushSendRequest, 'url'> & { url?: string },
  now: number,
): Promise<MessagePushSendResult> {
  const repos = readRepositories(db);
  const orgId = isAccessTokenHeader(authorization)
    ? (await authenticateAccessToken(repos, authorization, now)).orgId
    : await authenticatePushKey(repos, authorization);
  if (!(await repos.organizations.opennessAuthorized(orgId))) {
    throw new ApiError(403, 'errors.openness.notAuthorized');
  }
  return enqueueMessages(repos, orgId, input, now);
}
