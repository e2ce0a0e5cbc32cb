import type { Language } from '../../domain/constants';
import type { MessageParams } from '../../domain/i18n';
import type { InterfaceDetail, InterfaceRow } from '../../domain/schemas/interface-monitor';
import { translate, translateIfKnown } from '../core/translate';
import type { OpenCallRow } from '../repositories/open-calls-repository';

/** How an applied call with problems is logged (apiStatus), from which the monitor reads the count. */
const ITEMS_NOT_APPLIED = /^(\d+) item\(s\) not applied$/;

/** A call's api status in the reader's language: 'ok', a count of items not applied, or an error key. */
export function apiStatusText(stored: string, language: Language): string {
  if (stored === 'ok') return translate(language, 'interfaceMonitor.apiStatusOk');
  const notApplied = ITEMS_NOT_APPLIED.exec(stored);
  if (notApplied) {
    return translate(language, 'interfaceMonitor.itemsNotApplied', { count: Number(notApplied[1]) });
  }
  return stored.startsWith('errors.') ? translateIfKnown(language, stored) : stored;
}

/** A stored call as the monitor lists it (SPEC §3's field names), in the reader's language. */
export function interfaceRowOf(row: OpenCallRow, language: Language): InterfaceRow {
  return {
    RequestId: row.req_id,
    RequestTime: Number(row.request_time),
    RevokeTime: row.revoke_time === null ? null : Number(row.revoke_time),
    ApiName: row.api_name,
    Application: row.application,
    ResponseTime: row.response_time === null ? null : Number(row.response_time),
    SyncStatus: Number(row.sync_status),
    ResponseStatus: Number(row.response_status),
    ApiStatusCode: Number(row.api_status_code),
    ApiStatus: apiStatusText(row.api_status, language),
    RequestUrl: row.request_url,
    Operator: row.operator,
    DueTime: Number(row.sync_status) === 0 && row.due_at !== null ? Number(row.due_at) : null,
  };
}

interface StoredProblem {
  key?: unknown;
  params?: unknown;
  message?: unknown;
}

/**
 * A response body with each per-item problem's message in the reader's language, from its key and values
 * (a queued call's problems were written in its caller's language, when it was applied). A body that is
 * not a sync answer, or a problem stored without its values (before they were kept), stays as stored.
 */
export function localisedResponseBody(body: string, language: Language): string {
  if (!body.includes('"problems"')) return body;
  try {
    const parsed = JSON.parse(body) as { problems?: unknown };
    if (!Array.isArray(parsed.problems)) return body;
    const problems = (parsed.problems as StoredProblem[]).map((problem) =>
      typeof problem.key === 'string' && problem.params && typeof problem.params === 'object'
        ? { ...problem, message: translateIfKnown(language, problem.key, problem.params as MessageParams) }
        : problem,
    );
    return JSON.stringify({ ...parsed, problems });
  } catch {
    return body;
  }
}

/** One call with its bodies (secrets were redacted when it was logged). */
export function interfaceDetailOf(row: OpenCallRow, language: Language): InterfaceDetail {
  return {
    ...interfaceRowOf(row, language),
    RequestBody: row.request_body,
    ResponseBody: localisedResponseBody(row.response_body, language),
  };
}
