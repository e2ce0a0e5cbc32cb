/**
 * Business constants of SPEC §9, shared by the server and the client. A constant arrives with the feature
 * that uses it (page sizes with lists, code lengths with password reset, ...).
 */

/** Envelope code of a successful API answer. */
export const SUCCESS_CODE = 100;

/** Full product version; the footer shows only the first two parts. */
export const DEFAULT_VERSION = '7.15.3';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A session with auto-login ticked survives browser restarts for this long without activity. */
export const AUTO_LOGIN_MS = DAY_MS;
/** Every session ends this long after sign-in, whatever the activity (forced logout). */
export const FORCED_LOGOUT_MS = 5 * DAY_MS;
/** Activity refreshes a session's idle clock at most this often, to keep reads write-free. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;
/** Within this long of the forced logout the user is reminded that it is coming (SPEC §2). */
export const FORCED_LOGOUT_REMINDER_MS = HOUR_MS;

/** Signed requests: the accepted clock skew, and how long a nonce is remembered. */
export const SIGNATURE_MAX_SKEW_MS = 5 * MINUTE_MS;
export const NONCE_TTL_MS = 2 * SIGNATURE_MAX_SKEW_MS;

/** Failed sign-ins for one account name before the account locks (admin unlock). */
export const ACCOUNT_LOCK_FAILURES = 5;
/** Failed sign-ins from one address within the window before it must wait. */
export const IP_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/**
 * Accounts (or unknown names, alike) one address may lock within the window before it must wait: a
 * password sprayer locks at most this many, whatever the organisations' lock thresholds.
 */
export const IP_LOCK_LIMIT = 2;
/**
 * The image captcha at sign-in: every attempt needs one once the account name has this many failures in the
 * window (known and unknown names alike), or the address has IP_CAPTCHA_FAILURES (an office behind one
 * address shares it, so it tolerates more typos), or the whole deployment has GLOBAL_CAPTCHA_FAILURES
 * (a spray spread over many addresses: everyone types a captcha until the window passes, nobody is shut out).
 */
export const ACCOUNT_CAPTCHA_FAILURES = 3;
export const IP_CAPTCHA_FAILURES = 10;
export const GLOBAL_CAPTCHA_FAILURES = 50 * IP_FAILURE_LIMIT;

/** Longest account name accepted at sign-in: an email address is at most 254 characters (RFC 5321). */
export const ACCOUNT_MAX_LENGTH = 254;
/**
 * Longest password accepted at sign-in. Passwords are never truncated and long passphrases are welcome;
 * the cap only refuses a body that would make the hash work on kilobytes. The organisation's password policy
 * (domain/rules/password-policy.ts) decides the lengths of a new password, within this.
 */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;
/** Longest product or client code a sign-in may name (recorded in the login log). */
export const LOGIN_CODE_MAX_LENGTH = 32;
/** Login types of SPEC §3: a password, a directory (AD/LDAP) domain account, single sign-on. */
export const LOGIN_TYPES = { normal: 0, ad: 1, sso: 2 } as const;
/** A directory that has not answered a sign-in's connect, bind or read within this long is unavailable. */
export const LDAP_TIMEOUT_MS = 5 * SECOND_MS;
/** Longest CA certificate bundle (PEM) an organisation's LDAP setting may carry. */
export const LDAP_CA_MAX_LENGTH = 20_000;

/** The chat hosts the portal runs inside and signs users in from (DESIGN §6). */
export const HOST_PLATFORMS = ['dingtalk', 'feishu', 'wecom', 'wechat'] as const;
export type HostPlatform = (typeof HOST_PLATFORMS)[number];
/** Whether a value (a header, a stored ticket, a platform kind) names one of the chat hosts. */
export const isHostPlatform = (value: unknown): value is HostPlatform =>
  (HOST_PLATFORMS as readonly unknown[]).includes(value);
/** How long one host sign-in (token, code exchange, identity) may wait for the platform before 503. */
export const HOST_API_TIMEOUT_MS = 5 * SECOND_MS;
/**
 * How long the page waits for one call to its chat host (a sign-in code, a title, a link) by default
 * (HOST_CALL_TIMEOUT_MS): long enough for a slow bridge, short enough for a person waiting; a host that never
 * answers ends in a message with a way to the password login after this long.
 */
export const HOST_CALL_TIMEOUT_MS = 6 * SECOND_MS;
/** Longest sign-in code a host hands out that the portal accepts. */
export const HOST_CODE_MAX_LENGTH = 512;
/** Longest corp id, app id or agent id of a host integration. */
export const HOST_ID_MAX_LENGTH = 128;
/** An OAuth state the portal issued for WeChat or WeCom works once, within this long. */
export const HOST_STATE_TTL_MS = 10 * MINUTE_MS;
/** A bind ticket (a host identity with no account yet) works once, within this long. */
export const HOST_BIND_TICKET_TTL_MS = 10 * MINUTE_MS;
export const ERROR_TOAST_SECONDS = 3;

/**
 * The submit modal (SPEC §4): 'submitted' stays on screen this long before the modal closes, and the
 * modal is back to its idle state this long after (once it has faded out, so 'submit' never flashes).
 */
export const SUBMIT_SUCCESS_SHOWN_MS = 1500;
export const SUBMIT_SUCCESS_RESET_MS = 400;
/** A failed submit: its message stays this long; the submit button is idle (usable) again after the second. */
export const SUBMIT_ERROR_SHOWN_MS = 3 * SECOND_MS;
export const SUBMIT_ERROR_RESET_MS = SECOND_MS;
/** Button debounce (SPEC §9): a second click within this long of the first does nothing. */
export const BUTTON_DEBOUNCE_MS = 400;

/** Lists (SPEC §9, DESIGN §4): pages count from 1, 10 rows by default, at most 100. */
export const DEFAULT_PAGE_INDEX = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A stored language (an account's, an applicant's) as one the portal speaks; any other reads as zh-CN. */
export const knownLanguage = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : LANGUAGES[0];

export const UI_VERSIONS = ['NEW', 'NOSTALGIA'] as const;
export type UiVersion = (typeof UI_VERSIONS)[number];

/** Deployment environments of SPEC §3. */
export const DEPLOYMENTS = ['cloud', 'project', 'beta', 'vCloud'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

/** The eight products of SPEC §1, in display order. */
export const PRODUCT_CODES = ['ELN', 'CIMS', 'LIMS', 'PM', 'IM', 'STABILITY', 'MOLSIM', 'SDH'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** The portal itself, as recorded in the login log when a user signs in here. */
export const PORTAL_PRODUCT = 'UC';

/** Image captcha (SPEC §5, §9): 4 characters on a 120×32 image, single use, compared case-insensitively. */
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 32;
/** Captcha characters: letters and digits without look-alikes (0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, 9/g). */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY347';
/** A captcha not answered within this long is gone. */
export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;
/** Captchas one address may fetch per window before it must wait. */
export const CAPTCHA_IP_LIMIT = 30;
export const CAPTCHA_IP_WINDOW_MS = 10 * MINUTE_MS;

/** Verification codes (SPEC §5, §9): 6 digits, a new one after 60 s, valid 10 minutes, 5 wrong tries. */
export const CODE_LENGTH = 6;
export const CODE_RESEND_MS = 60 * SECOND_MS;
export const CODE_TTL_MS = 10 * MINUTE_MS;
export const CODE_MAX_TRIES = 5;
/** Codes sent per hour to one account name, and from one address, before 'too frequent'. */
export const CODE_SENDS_PER_ACCOUNT_HOUR = 5;
export const CODE_SENDS_PER_IP_HOUR = 20;
/** Recovery by phone (codeType 1) or email (codeType 2) (SPEC §3 reset form). */
export const CODE_TYPES = { phone: 1, email: 2 } as const;
/** How long the reset token of a verified code lets the user choose a new password; it works once. */
export const RESET_TOKEN_TTL_MS = 15 * MINUTE_MS;

/**
 * Security verification at sign-in (SPEC §2 /mobileVerify), per organisation: never, only from a device or
 * address the account has not signed in from before, or at every password or domain sign-in.
 */
export const SECONDARY_VERIFICATION_MODES = ['off', 'new-device', 'always'] as const;
export type SecondaryVerificationMode = (typeof SECONDARY_VERIFICATION_MODES)[number];
/** How long a right password waits for its verification code; the challenge works once, from its address. */
export const SIGN_IN_CHALLENGE_TTL_MS = 10 * MINUTE_MS;
/** Wrong codes a sign-in challenge takes before it is dead and the user must sign in again. */
export const SIGN_IN_CHALLENGE_MAX_TRIES = CODE_MAX_TRIES;
/** A device or address unseen this long counts as new again (and its row is pruned). */
export const SIGN_IN_SOURCE_RETENTION_MS = 180 * DAY_MS;
/**
 * How stale a device's or address's last sign-in may get before a sign-in from it records the time again.
 * A sign-in from a source seen within the day writes nothing for it: rewriting the time moved its row and
 * its age index on every sign-in (six of a sign-in's twenty database pages). The time only decides when a
 * source is forgotten, so at worst one is forgotten a day early, and a forgotten source only asks for a
 * verification code again.
 */
export const SIGN_IN_SOURCE_SEEN_GRANULARITY_MS = DAY_MS;

/** SPEC §9: an open-API access token is valid 7200 s, then must be re-acquired. */
export const ACCESS_TOKEN_TTL_S = 7200;
