/**
 * The language the browser (or the host's web view) asks for, e.g. 'en-GB': what the interface speaks for
 * an account that never chose one (SPEC §1). The one place that reads it, so pages never do.
 */
export function browserLanguage(): string | null {
  return typeof navigator === 'undefined' ? null : (navigator.language ?? null);
}

/** The browser's IANA time zone (e.g. Asia/Shanghai): every time on screen is shown in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
