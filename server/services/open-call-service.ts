import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HOUR_MS, type Language, SUCCESS_CODE } from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import {
  OPEN_CALL_STATUS,
  openDepartmentsRequestSchema,
  openMembersRequestSchema,
  type OpenSyncResult,
} from '../../domain/schemas/open-sync';
import {
  bindThirdAccountRequestSchema,
  thirdAccountSwitchRequestSchema,
} from '../../domain/schemas/open-third-account';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { OpenCallRow } from '../repositories/open-calls-repository';
import type { OpenApp } from './app-credential-service';
import {
  eachItem,
  type OpenActor,
  type OpenSyncOutcome,
  syncDepartments,
  syncMembers,
} from './open-sync-service';
import { bindThirdAccount, switchThirdAccount } from './open-third-account-service';

type Applier = (
  db: Kysely<Database>,
  actor: OpenActor,
  body: unknown,
  language: Language,
  now: number,
) => Promise<OpenSyncOutcome>;

/** A third-party account switch applied from the queue: one item, its refusal (404) as its problem. */
const switchApplier =
  (enabled: boolean): Applier =>
  (db, actor, body, language, now) =>
    eachItem([thirdAccountSwitchRequestSchema.parse(body)], language, async (item) => {
      await switchThirdAccount(db, actor, item, enabled, now);
    });

/**
 * The open calls that change data, by api name: what applying one when due runs. Members and departments
 * calls also apply through it at once; the third-party account calls, answered with the account at once,
 * come here only from the queue.
 */
const APPLIERS = {
  members: (db, actor, body, language, now) =>
    syncMembers(db, actor, openMembersRequestSchema.parse(body).items, language, now),
  departments: (db, actor, body, language, now) =>
    syncDepartments(db, actor, openDepartmentsRequestSchema.parse(body).items, language, now),
  'bind/thirdaccount': (db, actor, body, language, now) =>
    eachItem([bindThirdAccountRequestSchema.parse(body)], language, async (item) => {
      await bindThirdAccount(db, actor, item, now);
    }),
  'thirdaccount/0': switchApplier(false),
  'thirdaccount/1': switchApplier(true),
} satisfies Record<string, Applier>;
export type OpenApiName = keyof typeof APPLIERS;
/** The data calls answered with their own result when applied at once (the third-party account calls). */
export type OpenChangeApiName = Exclude<OpenApiName, 'members' | 'departments'>;

/** Keys whose values never reach the interface log. */
const SECRET_KEY = /secret|password|token|authorization/i;

/** A body as the interface log keeps it: every value under a secret-looking key replaced. */
export function redactedBody(body: unknown): string {
  return JSON.stringify(body ?? null, (key, value: unknown) =>
    key && SECRET_KEY.test(key) && typeof value !== 'object' ? '***' : value,
  );
}

/** The answer of an applied (or queued) call, as the caller and the log read it. */
function resultOf(reqId: string, status: number, outcome: OpenSyncOutcome): OpenSyncResult {
  return { reqId, status, ...outcome };
}

/** What a stored call answered (a retried call with the same Idempotency-Key gets it again). */
function storedResult<T = OpenSyncResult>(row: OpenCallRow): T {
  // A first call refused as a whole: the retry is refused the same way.
  if (row.response_body === '' && row.sync_status === OPEN_CALL_STATUS.fail)
    throw new ApiError(row.response_status, row.api_status as ErrorKey);
  if (row.response_body === '') throw new ApiError(409, 'errors.openApi.inProgress');
  return JSON.parse(row.response_body) as T;
}

/** One incoming data call: who, which api, where, what, and its optional Idempotency-Key. */
export interface OpenCallInput {
  app: OpenApp;
  apiName: OpenApiName;
  url: string;
  body: unknown;
  idempotencyKey: string | undefined;
  language: Language;
}

/** Where an incoming data call stands once it is in the interface log. */
type EnteredCall =
  | { state: 'answered'; row: OpenCallRow }
  | { state: 'queued'; result: OpenSyncResult }
  | { state: 'toApply'; id: number; reqId: string };

/**
 * Writes an incoming data call in the interface log (SPEC §3) before anything is applied: queued with status
 * 0 when the organisation delays open calls (applied when due by the worker; withdrawable meanwhile), else
 * held for the caller to apply at once. A retry with an Idempotency-Key already used finds the first call.
 */
async function enterOpenCall(db: Kysely<Database>, input: OpenCallInput, now: number): Promise<EnteredCall> {
  const repos = readRepositories(db);
  const { app } = input;
  if (input.idempotencyKey) {
    const earlier = await repos.openCalls.findByIdempotencyKey(app.orgId, input.idempotencyKey);
    if (earlier) return { state: 'answered', row: earlier };
  }
  const delayHours = await repos.openCalls.delayHours(app.orgId);
  const reqId = randomUUID();
  const queued = delayHours > 0;
  const queuedResult = resultOf(reqId, OPEN_CALL_STATUS.queued, { applied: 0, problems: [] });
  let id: number;
  try {
    id = await repos.openCalls.insert({
      org_id: app.orgId,
      req_id: reqId,
      credential_id: app.credentialId,
      application: app.appName,
      app_key: app.appKey,
      api_name: input.apiName,
      request_url: input.url.slice(0, 500),
      request_body: redactedBody(input.body),
      response_body: queued ? JSON.stringify(queuedResult) : '',
      sync_status: OPEN_CALL_STATUS.queued,
      response_status: queued ? 200 : 0,
      api_status_code: queued ? SUCCESS_CODE : 0,
      api_status: '',
      operator: app.appName,
      request_time: now,
      response_time: queued ? now : null,
      revoke_time: null,
      due_at: queued ? now + delayHours * HOUR_MS : null,
      lease_until: queued ? null : Number.MAX_SAFE_INTEGER,
      idempotency_key: input.idempotencyKey ?? null,
      language: input.language,
    });
  } catch (error) {
    // Two retries at once: the other one holds the key; answer what it answered (or that it is running).
    const earlier = input.idempotencyKey
      ? await repos.openCalls.findByIdempotencyKey(app.orgId, input.idempotencyKey)
      : undefined;
    if (earlier) return { state: 'answered', row: earlier };
    throw error;
  }
  return queued ? { state: 'queued', result: queuedResult } : { state: 'toApply', id, reqId };
}

/**
 * Takes a members or departments call: logged, then applied at once or queued (see enterOpenCall). A retry
 * with an Idempotency-Key already used answers what the first call answered and applies nothing again.
 */
export async function takeOpenCall(
  db: Kysely<Database>,
  input: OpenCallInput & { apiName: 'members' | 'departments' },
  now: number,
): Promise<OpenSyncResult> {
  const entered = await enterOpenCall(db, input, now);
  if (entered.state === 'answered') return storedResult(entered.row);
  if (entered.state === 'queued') return entered.result;
  const { id, reqId } = entered;
  return applyOpenCall(
    db,
    { id, reqId, app: input.app, apiName: input.apiName, body: input.body, language: input.language },
    now,
  );
}

/**
 * Takes a third-party account call that changes data, as takeOpenCall does (delay, withdrawal,
 * Idempotency-Key, interface log), but applied at once it answers `applyNow`'s result (the account) with the
 * request id and status, and a refusal is the call's answer (404, 409) as it is for the screens.
 */
export async function takeOpenChangeCall<T extends object>(
  db: Kysely<Database>,
  input: OpenCallInput & { apiName: OpenChangeApiName },
  now: number,
  applyNow: () => Promise<T>,
): Promise<(T & { reqId: string; status: number }) | OpenSyncResult> {
  const entered = await enterOpenCall(db, input, now);
  if (entered.state === 'answered')
    return storedResult<(T & { reqId: string; status: number }) | OpenSyncResult>(entered.row);
  if (entered.state === 'queued') return entered.result;
  const { id, reqId } = entered;
  let answer: T & { reqId: string; status: number };
  try {
    answer = { ...(await applyNow()), reqId, status: OPEN_CALL_STATUS.success };
  } catch (error) {
    await finishRefused(db, input.app.orgId, id, error, now);
    throw error;
  }
  await readRepositories(db).openCalls.finish(input.app.orgId, id, {
    syncStatus: OPEN_CALL_STATUS.success,
    responseStatus: 200,
    apiStatusCode: SUCCESS_CODE,
    apiStatus: 'ok',
    responseBody: JSON.stringify(answer),
    responseTime: now,
  });
  return answer;
}

/** Writes a call refused as a whole on its row: the refusal's status and key (500 for anything else). */
function finishRefused(db: Kysely<Database>, orgId: number, id: number, error: unknown, now: number) {
  const status = error instanceof ApiError ? error.statusCode : 500;
  return readRepositories(db).openCalls.finish(orgId, id, {
    syncStatus: OPEN_CALL_STATUS.fail,
    responseStatus: status,
    apiStatusCode: status,
    apiStatus: error instanceof ApiError ? error.key : 'errors.request.internal',
    responseBody: '',
    responseTime: now,
  });
}

/** Applies one logged call and writes its outcome on its row. */
export async function applyOpenCall(
  db: Kysely<Database>,
  call: {
    id: number;
    reqId: string;
    app: OpenActor;
    apiName: OpenApiName;
    body: unknown;
    language: Language;
  },
  now: number,
): Promise<OpenSyncResult> {
  const repos = readRepositories(db);
  let result: OpenSyncResult;
  try {
    const outcome = await APPLIERS[call.apiName](db, call.app, call.body, call.language, now);
    const status = outcome.problems.length === 0 ? OPEN_CALL_STATUS.success : OPEN_CALL_STATUS.fail;
    result = resultOf(call.reqId, status, outcome);
  } catch (error) {
    await finishRefused(db, call.app.orgId, call.id, error, now);
    throw error;
  }
  await repos.openCalls.finish(call.app.orgId, call.id, {
    syncStatus: result.status,
    responseStatus: 200,
    apiStatusCode: SUCCESS_CODE,
    apiStatus: result.problems.length === 0 ? 'ok' : `${result.problems.length} item(s) not applied`,
    responseBody: JSON.stringify(result),
    responseTime: now,
  });
  return result;
}

/** Whether an api name is one of the data calls (a row the worker can apply). */
export function isOpenApiName(name: string): name is OpenApiName {
  return Object.hasOwn(APPLIERS, name);
}

/**
 * Withdraws a queued call of the organisation (by its app or an administrator): nothing of it is applied.
 * An unknown request id is 404; one already applied, being applied or withdrawn is 409.
 */
export async function withdrawOpenCall(
  db: Kysely<Database>,
  orgId: number,
  reqId: string,
  operator: string,
  now: number,
): Promise<{ reqId: string; status: number }> {
  const repos = readRepositories(db);
  const row = await repos.openCalls.findByReqId(orgId, reqId);
  if (!row) throw new ApiError(404, 'errors.openApi.callNotFound');
  if (!(await repos.openCalls.withdraw(orgId, reqId, operator, now)))
    throw new ApiError(409, 'errors.openApi.notQueued');
  return { reqId, status: OPEN_CALL_STATUS.canceled };
}
