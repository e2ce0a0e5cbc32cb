import type { Language } from '../constants';

/** How much of a moment a screen, export or log text shows. */
export type DateTimeStyle = 'date' | 'minute' | 'second' | 'time';

/** Where and in which language a moment is read: the interface language and the reader's IANA time zone. */
export interface DateTimeContext {
  language: Language;
  timeZone: string;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** One Intl formatter per zone and language: building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function partsOf(ms: number, { language, timeZone }: DateTimeContext): Parts {
  const cacheKey = `${language}|${timeZone}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'zh-CN' ? 'en-CA' : 'en-US', {
      timeZone,
      year: 'numeric',
      month: language === 'zh-CN' ? '2-digit' : 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(cacheKey, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: keyof Parts) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/**
 * A moment as every screen, export and log text shows it (issue 23): Chinese reads `2026-11-28 12:13`,
 * English `Nov 28, 2026 12:13`, both on a 24-hour clock in the reader's time zone. Pure: the language and
 * the zone are values, so the server formats for a reader as the browser does. An unknown zone throws
 * (RangeError), as Intl does; callers check zones they are sent.
 */
export function formatDateTime(
  ms: number,
  context: DateTimeContext,
  style: DateTimeStyle = 'minute',
): string {
  const p = partsOf(ms, context);
  const date =
    context.language === 'zh-CN' ? `${p.year}-${p.month}-${p.day}` : `${p.month} ${p.day}, ${p.year}`;
  const minute = `${p.hour}:${p.minute}`;
  switch (style) {
    case 'date':
      return date;
    case 'time':
      return minute;
    case 'second':
      return `${date} ${minute}:${p.second}`;
    default:
      return `${date} ${minute}`;
  }
}

/** Whether the runtime knows an IANA zone name (what a request may say its reader's zone is). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
