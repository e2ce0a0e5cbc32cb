import type { MessageKey } from '../i18n';

/**
 * The modules operation-log rows are written under (the area a change was made in), with a name on
 * screen; a row of another module shows its code as it is.
 */
export const OPERATION_LOG_MODULES = [
  'ipWhitelist',
  'security',
  'member',
  'orgInfo',
  'orgDpt',
  'organization',
  'authorize',
  'systemSetting',
  'messagePush',
  'appCredential',
  'loginLog',
  'operationLog',
  'account',
  'tagsDesign',
  'monomerLib',
] as const;
export type OperationLogModule = (typeof OPERATION_LOG_MODULES)[number];

/** The i18n key of a module's name, or null for a module this version does not name. */
export function moduleNameKey(module: string): MessageKey | null {
  return (OPERATION_LOG_MODULES as readonly string[]).includes(module)
    ? `governance.operationLog.modules.${module as OperationLogModule}`
    : null;
}

/** Where a page of the list ends: the last row's time and id (rows are newest first, id breaks ties). */
export interface OperationLogCursor {
  createdAt: number;
  id: number;
}

/** A cursor as the client carries it: `<createdAt>.<id>`. */
export function encodeCursor(cursor: OperationLogCursor): string {
  return `${cursor.createdAt}.${cursor.id}`;
}

/** The cursor a client sent back, or null when it is not one. */
export function decodeCursor(text: string): OperationLogCursor | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(text);
  return match ? { createdAt: Number(match[1]), id: Number(match[2]) } : null;
}

/**
 * Text for a spreadsheet cell that a spreadsheet program will not run as a formula (CSV/formula
 * injection, OWASP): a value starting with = + - @ or a tab or carriage return gets a leading apostrophe.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
