import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Language, SUCCESS_CODE } from '../../domain/constants';
import { OPEN_CALL_STATUS } from '../../domain/schemas/open-sync';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { OpenApp } from './app-credential-service';
import { redactedBody } from './open-call-service';

/** One open call that takes effect at once (never queued): who, which api, where, what. */
export interface ImmediateOpenCall {
  app: OpenApp;
  apiName: string;
  url: string;
  body: unknown;
  language: Language;
}

/**
 * Runs an open call that is answered at once (the third-party account calls) and writes it in the interface
 * log (SPEC §3) with its outcome: success with the answer, or fail with the refusal's status and key. The
 * refusal is then thrown on to the caller as it was.
 */
export async function runLoggedOpenCall<T>(
  db: Kysely<Database>,
  call: ImmediateOpenCall,
  now: number,
  run: () => Promise<T>,
): Promise<T> {
  const { app } = call;
  const write = (outcome: {
    status: number;
    responseStatus: number;
    apiStatusCode: number;
    apiStatus: string;
    body: string;
  }) =>
    readRepositories(db).openCalls.insert({
      org_id: app.orgId,
      req_id: randomUUID(),
      credential_id: app.credentialId,
      application: app.appName,
      app_key: app.appKey,
      api_name: call.apiName,
      request_url: call.url.slice(0, 500),
      request_body: redactedBody(call.body),
      response_body: outcome.body,
      sync_status: outcome.status,
      response_status: outcome.responseStatus,
      api_status_code: outcome.apiStatusCode,
      api_status: outcome.apiStatus.slice(0, 500),
      operator: app.appName,
      request_time: now,
      response_time: now,
      revoke_time: null,
      due_at: null,
      lease_until: null,
      idempotency_key: null,
      language: call.language,
    });
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const status = error instanceof ApiError ? error.statusCode : 500;
    await write({
      status: OPEN_CALL_STATUS.fail,
      responseStatus: status,
      apiStatusCode: status,
      apiStatus: error instanceof ApiError ? error.key : 'errors.request.internal',
      body: '',
    });
    throw error;
  }
  await write({
    status: OPEN_CALL_STATUS.success,
    responseStatus: 200,
    apiStatusCode: SUCCESS_CODE,
    apiStatus: 'ok',
    body: redactedBody(result),
  });
  return result;
}
