import type { ErrorKey } from '../i18n';
import type { SsoIdentity, SsoMapping } from '../schemas/sso';

/** Which protocol reads the identity: an OpenID provider, a configured OAuth 2.0 server, or CAS. */
export type SsoProtocol = 'oidc' | 'oauth2' | 'cas';

/** The field mapping used where the administrator left a path empty. */
export const DEFAULT_SSO_MAPPING: Record<SsoProtocol, SsoMapping> = {
  oidc: { externalId: 'sub', email: 'email', mobile: 'phone_number', name: 'name' },
  oauth2: { externalId: 'id', email: 'email', mobile: 'mobile', name: 'name' },
  cas: { externalId: 'user', email: 'attributes.mail', mobile: 'attributes.mobile', name: 'attributes.cn' },
};

/** The value at a dotted path (`data.user.id`); the first of a list (a CAS attribute released twice). */
function textAt(source: unknown, path: string): string | null {
  let value: unknown = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The identity the field mapping reads from what the identity provider answered (ID token and userinfo
 * claims, a configured user answer, or CAS's user and attributes), or null without an external id. An
 * OIDC email counts as verified only when `email_verified` is true; a configured OAuth 2.0 server's and a
 * CAS attribute as the provider released them (the organisation vouches for its own directory).
 */
export function mapSsoIdentity(
  protocol: SsoProtocol,
  answer: unknown,
  mapping: SsoMapping,
): SsoIdentity | null {
  const defaults = DEFAULT_SSO_MAPPING[protocol];
  const path = (field: keyof SsoMapping) => mapping[field] || defaults[field];
  const externalId = textAt(answer, path('externalId'));
  if (!externalId) return null;
  const email = textAt(answer, path('email'));
  const verifiedClaim =
    answer !== null && typeof answer === 'object'
      ? (answer as Record<string, unknown>).email_verified
      : undefined;
  return {
    externalId,
    email: email ? email.toLowerCase() : null,
    emailVerified: email !== null && (protocol !== 'oidc' || verifiedClaim === true),
    mobile: textAt(answer, path('mobile')),
    name: textAt(answer, path('name')),
  };
}

/**
 * Where an SSO flow may send the browser back to at the end: a path of the portal's own hash routes only
 * (`/#/...`), so the sign-in is no open redirect.
 */
export function safeReturnPath(path: string | undefined): string {
  return path && /^\/#\/[A-Za-z0-9/_?=&.-]*$/.test(path) ? path : '/#/';
}

/** The failures an SSO flow may send the browser to /sso/error with; any other reason reads as refused. */
const SSO_ERROR_REASONS: readonly ErrorKey[] = [
  'errors.sso.notEnabled',
  'errors.sso.notConfigured',
  'errors.sso.stateRejected',
  'errors.sso.ticketRejected',
  'errors.sso.codeRejected',
  'errors.sso.unreachable',
  'errors.sso.noExternalId',
  'errors.sso.noAccount',
  'errors.sso.denied',
  'errors.sso.answerTooLarge',
  'errors.outbound.internalAddress',
  'errors.outbound.privateAddress',
  'errors.login.locked',
  'errors.login.tooManyAttempts',
  'errors.login.ipForbidden',
  'errors.login.trialExpired',
];

/** The error key a /sso/error address names, if it is one an SSO flow sends; else codeRejected. */
export function ssoErrorReason(reason: string | null): ErrorKey {
  return SSO_ERROR_REASONS.find((key) => key === reason) ?? 'errors.sso.codeRejected';
}
