import type { Language } from '../constants';
import { catalogues, type MessageKey, translate } from '../i18n';
import { formatDateTime } from './date-time';
import { findMessage } from '../i18n/lookup';

/** A key of the operation log's own strings (`operationLog.content.*`, `operationLog.words.*`). */
export type LogKey = Extract<MessageKey, `operationLog.${string}`>;

/**
 * The screen words a log may name: an option shown as the screen shows it (a watermark's density, a
 * signature strength, a setting's name), in the reader's language. Never user data.
 */
const LABEL_PREFIXES = [
  'watermark.contents.',
  'watermark.densities.',
  'watermark.displayTypes.',
  'notices.admin.types.',
  'orgConfig.categories.',
  'orgConfig.keys.',
  'orgConfig.options.',
] as const;

/** A key of a screen word a log may name (see LABEL_PREFIXES). */
export type LabelKey = Extract<MessageKey, `${(typeof LABEL_PREFIXES)[number]}${string}`>;

/** A screen word, rendered in the reader's language. */
export interface LogLabel {
  label: LabelKey;
}

/**
 * One value of a log message: user data (names, accounts, codes, numbers), always inserted as plain text
 * and never looked up or interpreted; a nested message; a list of values joined in the reader's way; or
 * a screen word.
 */
export type LogParam = string | number | LogMessage | LogList | LogLabel | LogTime;

/** A moment (epoch ms), shown in the reader's language and time zone (date-time.ts). */
export interface LogTime {
  at: number;
}

/** A moment in a log text: rendered when read, so each reader sees it in their language and zone. */
export const logTime = (at: number): LogTime => ({ at });

/** What happened, as a catalogue key and its values: rendered in the reader's language when read. */
export interface LogMessage {
  key: LogKey;
  params?: Record<string, LogParam>;
}

/** Values joined with the language's list separator; `empty` is shown when there are none. */
export interface LogList {
  list: LogParam[];
  empty?: LogKey;
  /** `detail` joins with the clause separator (a `;`), for a setting's several facts. */
  join?: 'list' | 'detail';
}

/** A log message. */
export const logMessage = (key: LogKey, params?: Record<string, LogParam>): LogMessage =>
  params ? { key, params } : { key };

/** A list of values, e.g. names or product codes; `empty` is what an empty list reads as. */
export const logList = (list: readonly LogParam[], empty?: LogKey): LogList =>
  empty ? { list: [...list], empty } : { list: [...list] };

/** A setting's facts, each usually a `logField`, joined as clauses. Falsy entries are left out. */
export const logDetails = (list: ReadonlyArray<LogParam | null | false | undefined>): LogList => ({
  list: list.filter((item): item is LogParam => item !== null && item !== false && item !== undefined),
  join: 'detail',
});

/** One fact of a setting: `label` is an `operationLog.words.*` message with a `{{value}}` place. */
export const logField = (label: LogKey, value: LogParam): LogMessage => logMessage(label, { value });

/** A screen word (an option's or a setting's name) in the reader's language. */
export const logLabel = (label: LabelKey): LogLabel => ({ label });

/** On / off in the reader's language. */
export const logSwitch = (on: boolean): LogMessage =>
  logMessage(on ? 'operationLog.words.on' : 'operationLog.words.off');

/** Yes / no in the reader's language. */
export const logYesNo = (yes: boolean): LogMessage =>
  logMessage(yes ? 'operationLog.words.yes' : 'operationLog.words.no');

/** Enabled / disabled in the reader's language. */
export const logEnabled = (on: boolean): LogMessage =>
  logMessage(on ? 'operationLog.words.enabled' : 'operationLog.words.disabled');

/** The longest a rendered content (the stored fallback text) may be, as the column allows. */
export const CONTENT_MAX_LENGTH = 2000;

function renderParam(language: Language, param: LogParam, timeZone: string): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return String(param);
  if ('at' in param) return formatDateTime(param.at, { language, timeZone });
  if ('label' in param) return translate(language, param.label);
  if ('list' in param) {
    if (param.list.length === 0) return param.empty ? translate(language, param.empty) : '';
    const separator = translate(
      language,
      param.join === 'detail' ? 'operationLog.detailSeparator' : 'operationLog.listSeparator',
    );
    return param.list.map((item) => renderParam(language, item, timeZone)).join(separator);
  }
  return renderMessage(language, param, timeZone);
}

/**
 * A message in one language. Values are rendered first and substituted as text: the catalogue's
 * `{{name}}` filling does not look inside what it inserts, so a name such as `{{x}}` or `=1+1` stays as
 * typed (the list shows it as text, the export writes inline strings that are never formulas).
 */
export function renderMessage(language: Language, message: LogMessage, timeZone = 'UTC'): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params ?? {}))
    values[name] = renderParam(language, value, timeZone);
  return translate(language, message.key, values);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a stored value is a LogParam whose keys the catalogue still has; null when it is not. */
function checkParam(value: unknown): LogParam | null {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (!isRecord(value)) return null;
  if (typeof value.at === 'number' && Number.isFinite(value.at)) return { at: value.at };
  if (typeof value.label === 'string') return isLabelKey(value.label) ? { label: value.label } : null;
  if (Array.isArray(value.list)) {
    const list = value.list.map(checkParam);
    if (list.some((item) => item === null)) return null;
    const empty = typeof value.empty === 'string' && isLogKey(value.empty) ? value.empty : undefined;
    return { list: list as LogParam[], empty, join: value.join === 'detail' ? 'detail' : 'list' };
  }
  return checkMessage(value.key, value.params);
}

const isLogKey = (key: string): key is LogKey =>
  key.startsWith('operationLog.') && findMessage(catalogues['en-US'], key) !== undefined;

const isLabelKey = (key: string): key is LabelKey =>
  LABEL_PREFIXES.some((prefix) => key.startsWith(prefix)) &&
  typeof findMessage(catalogues['en-US'], key) === 'string';

function checkMessage(key: unknown, params: unknown): LogMessage | null {
  if (typeof key !== 'string' || !isLogKey(key)) return null;
  if (params === undefined || params === null) return { key };
  if (!isRecord(params)) return null;
  const checked: Record<string, LogParam> = {};
  for (const [name, value] of Object.entries(params)) {
    const param = checkParam(value);
    if (param === null) return null;
    checked[name] = param;
  }
  return { key, params: checked };
}

/** The stored form of a message: its key and its values as JSON. */
export function storedMessage(message: LogMessage): { content_key: string; content_params: string } {
  return { content_key: message.key, content_params: JSON.stringify(message.params ?? {}) };
}

/**
 * A row's content in the reader's language: rows with a message key are rendered from it; rows written
 * before keys were stored (or whose key the catalogue no longer has) show their stored text as it is.
 */
export function renderStoredContent(
  language: Language,
  row: { content: string; content_key: string | null; content_params: string | null },
  timeZone = 'UTC',
): string {
  if (!row.content_key) return row.content;
  let params: unknown;
  try {
    params = row.content_params ? JSON.parse(row.content_params) : undefined;
  } catch {
    return row.content;
  }
  const message = checkMessage(row.content_key, params);
  return message ? renderMessage(language, message, timeZone).slice(0, CONTENT_MAX_LENGTH) : row.content;
}

/**
 * What the keyword filter searches for a new row: its content in every language, lower-cased here (SQLite's
 * lower() folds only ASCII), so a word from either the Chinese or the English wording finds the row. Rows
 * written before keys were stored have none and are searched by their stored text.
 */
export function searchTextOf(message: LogMessage): string {
  return (Object.keys(catalogues) as Language[])
    .map((language) => renderMessage(language, message))
    .join('\n')
    .toLowerCase();
}
