import { DAY_MS, HOST_PLATFORMS, PORTAL_PRODUCT, PRODUCT_CODES, type ProductCode } from '../constants';
import type { MessageKey } from '../i18n';

/** The date ranges the login log offers (SPEC §9: last 3 days, week, month); the first is the default. */
export const LOGIN_LOG_RANGES = ['threeDays', 'week', 'month'] as const;
export type LoginLogRange = (typeof LOGIN_LOG_RANGES)[number];
export const DEFAULT_LOGIN_LOG_RANGE: LoginLogRange = 'threeDays';

const RANGE_DAYS: Record<LoginLogRange, number> = { threeDays: 3, week: 7, month: 30 };

/** With no earlier successful sign-in, the security notice counts failures over this many days. */
export const SECURITY_NOTICE_LOOKBACK_DAYS = 30;

/** The longest span a custom from/to may cover: a year and a day, so a query stays bounded. */
export const LOGIN_LOG_MAX_SPAN_MS = 366 * DAY_MS;

/** A window of sign-in times, epoch ms, both ends included. */
export interface LoginLogWindow {
  from: number;
  to: number;
}

/** The window a named range covers, ending now (a month is the last 30 days). */
export function rangeWindow(range: LoginLogRange, now: number): LoginLogWindow {
  return { from: now - RANGE_DAYS[range] * DAY_MS, to: now };
}

/**
 * The window a query asks for: its own from/to when given (the schema has checked them), else its named
 * range, else the default range.
 */
export function queryWindow(
  query: { range?: LoginLogRange; from?: number; to?: number },
  now: number,
): LoginLogWindow {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  return rangeWindow(query.range ?? DEFAULT_LOGIN_LOG_RANGE, now);
}

/**
 * The i18n key of a login-log product code's name: one of the suite's products, or the portal itself; null
 * for a code this version does not know (a client may send any short code), which is shown as it is.
 */
export function productNameKey(code: string): MessageKey | null {
  if (code === PORTAL_PRODUCT) return 'common.appShortName';
  return (PRODUCT_CODES as readonly string[]).includes(code) ? `products.${code as ProductCode}.name` : null;
}

const LOGIN_CLIENTS = ['pc', 'mobile', ...HOST_PLATFORMS, 'reset'] as const;

/** The i18n key of a login-log client code (pc, mobile or a chat host), or null for another code. */
export function clientNameKey(code: string): MessageKey | null {
  return (LOGIN_CLIENTS as readonly string[]).includes(code)
    ? `loginLog.clients.${code as (typeof LOGIN_CLIENTS)[number]}`
    : null;
}
