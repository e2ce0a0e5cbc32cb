import { z } from 'zod';
import { optionalText } from './common';

/** SSO kinds of SPEC §3: OAuth 2.0 (with or without an OpenID Connect issuer) and CAS. */
export const SSO_TYPES = ['oauth2', 'cas'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

/** Where a request parameter goes (form type). */
export const SSO_FORM_TYPES = ['query', 'body', 'header'] as const;
/** How a parameter's value is written (field type): JSON bodies keep numbers and booleans as such. */
export const SSO_FIELD_TYPES = ['string', 'number', 'boolean'] as const;
/** Where a parameter's value comes from (SPEC §3): typed once, made for each sign-in, or from the flow. */
export const SSO_VALUE_SOURCES = ['constant', 'dynamic', 'context'] as const;
/** Values made anew for each sign-in. */
export const SSO_DYNAMIC_VALUES = ['state', 'nonce', 'codeChallenge', 'codeVerifier', 'timestamp'] as const;
/** Values the flow knows at that step. */
export const SSO_CONTEXT_VALUES = [
  'clientId',
  'clientSecret',
  'redirectUri',
  'code',
  'accessToken',
  'bearerToken',
] as const;

/** A dotted path into a JSON answer or claims (`sub`, `data.user.id`, `attributes.mail`). */
export const SSO_PATH_PATTERN = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;

/** Whether a text is an http(s) URL (SPEC §5: request addresses must be correct URLs). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const urlText = optionalText(1000).refine((url) => url === '' || isHttpUrl(url), 'errors.sso.invalidUrl');
const pathText = optionalText(200).refine(
  (path) => path === '' || SSO_PATH_PATTERN.test(path),
  'errors.sso.invalidPath',
);

/** One parameter of a request (name, form type, field type, value source and value). */
export const ssoParamSchema = z
  .object({
    name: optionalText(100).refine((name) => name !== '', 'errors.sso.paramNameRequired'),
    formType: z.enum(SSO_FORM_TYPES),
    fieldType: z.enum(SSO_FIELD_TYPES).default('string'),
    source: z.enum(SSO_VALUE_SOURCES),
    value: optionalText(500).default(''),
  })
  .refine(
    (param) =>
      (param.source !== 'dynamic' || (SSO_DYNAMIC_VALUES as readonly string[]).includes(param.value)) &&
      (param.source !== 'context' || (SSO_CONTEXT_VALUES as readonly string[]).includes(param.value)),
    { message: 'errors.sso.unknownValue', path: ['value'] },
  );
export type SsoParam = z.infer<typeof ssoParamSchema>;

/** One of the authorisation, token, user and logout requests: method, address, parameters, answer path. */
export const ssoRequestSchema = z.object({
  method: z.enum(['GET', 'POST']).default('GET'),
  url: urlText.default(''),
  params: z
    .array(ssoParamSchema)
    .max(30, 'errors.validation.tooLong')
    .default([])
    .refine((params) => {
      const names = params.map((param) => `${param.formType}:${param.name.toLowerCase()}`);
      return new Set(names).size === names.length;
    }, 'errors.sso.repeatedParam'),
  /** Token request: where the access token is in the answer (`access_token`, `data.access_token`). */
  mappingPath: pathText.default(''),
});
export type SsoRequest = z.infer<typeof ssoRequestSchema>;

/** Field mapping: dotted paths of the identity in the user answer (OAuth) or the CAS answer. */
export const ssoMappingSchema = z.object({
  externalId: pathText.default(''),
  email: pathText.default(''),
  mobile: pathText.default(''),
  name: pathText.default(''),
});
export type SsoMapping = z.infer<typeof ssoMappingSchema>;

/**
 * An organisation's SSO configuration (SPEC §3) as the /sso/auth screen and `org:sso` edit it. The client
 * secret is write-only: an empty one keeps the stored secret.
 */
export const ssoSettingSchema = z
  .object({
    type: z.enum(SSO_TYPES),
    /** The identity provider's own address (SPEC's source address), shown for reference. */
    sourceUrl: urlText.default(''),
    /** Where the portal's users come from (SPEC's portal address); after logout the IdP returns here. */
    portalUrl: urlText.default(''),
    /** An OpenID Connect issuer: its discovery document fills the addresses on save. */
    oidcIssuer: urlText.default(''),
    clientId: optionalText(200).default(''),
    clientSecret: optionalText(500).default(''),
    scope: optionalText(200).default('openid email profile'),
    authorize: ssoRequestSchema.default({ method: 'GET', url: '', params: [], mappingPath: '' }),
    token: ssoRequestSchema.default({ method: 'POST', url: '', params: [], mappingPath: '' }),
    user: ssoRequestSchema.default({ method: 'GET', url: '', params: [], mappingPath: '' }),
    logout: ssoRequestSchema.default({ method: 'GET', url: '', params: [], mappingPath: '' }),
    mapping: ssoMappingSchema.default({ externalId: '', email: '', mobile: '', name: '' }),
    casUrl: urlText.default(''),
    casVersion: z.enum(['2.0', '3.0']).default('3.0'),
  })
  .superRefine((setting, context) => {
    const require = (ok: boolean, path: string, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [path], message });
    };
    if (setting.type === 'cas') {
      require(setting.casUrl !== '', 'casUrl', 'errors.sso.casUrlRequired');
      return;
    }
    require(setting.clientId !== '', 'clientId', 'errors.sso.clientIdRequired');
    if (setting.oidcIssuer === '') {
      require(setting.authorize.url !== '', 'authorize', 'errors.sso.addressRequired');
      require(setting.token.url !== '', 'token', 'errors.sso.addressRequired');
      require(setting.user.url !== '', 'user', 'errors.sso.addressRequired');
      require(setting.mapping.externalId !== '', 'mapping', 'errors.sso.externalIdRequired');
    }
  });
export type SsoSetting = z.infer<typeof ssoSettingSchema>;
export type SsoSettingInput = z.input<typeof ssoSettingSchema>;

/** The identity a debug or sign-in read from the identity provider, after the field mapping. */
export const ssoIdentitySchema = z.object({
  externalId: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  mobile: z.string().nullable(),
  name: z.string().nullable(),
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

/** The last debug run of the saved configuration: the mapped identity and whom it would sign in. */
export const ssoDebugResultSchema = z.object({
  at: z.number(),
  ok: z.boolean(),
  identity: ssoIdentitySchema.nullable(),
  /** The account the identity matches (its email or mobile), '' when none. */
  account: z.string(),
  /** Why it failed, an error key, '' on success. */
  error: z.string(),
});
export type SsoDebugResult = z.infer<typeof ssoDebugResultSchema>;

/** GET /api/sso/config: the configuration without its secret, its state and the addresses to register. */
export const ssoConfigResponseSchema = z.object({
  setting: ssoSettingSchema.nullable(),
  hasClientSecret: z.boolean(),
  enabled: z.boolean(),
  /** Whether the saved configuration has passed a debug run (enabling needs it). */
  debugged: z.boolean(),
  lastDebug: ssoDebugResultSchema.nullable(),
  /** The address to register at the identity provider (redirect URI or CAS service). */
  callbackUrl: z.string(),
  /** The address an OpenID provider sends the browser back to after signing out (its post-logout address). */
  logoutReturnUrl: z.string(),
  /** The sign-in address to give the organisation's members. */
  signInUrl: z.string(),
});
export type SsoConfigResponse = z.infer<typeof ssoConfigResponseSchema>;

/** POST /api/sso/discover: an issuer's addresses, for the screen to fill in. */
export const ssoDiscoverRequestSchema = z.object({
  issuer: urlText.refine((url) => url !== '', 'errors.sso.invalidUrl'),
});
export const ssoDiscoverResponseSchema = z.object({
  authorizeUrl: z.string(),
  tokenUrl: z.string(),
  userUrl: z.string(),
  logoutUrl: z.string(),
});

/** POST /api/sso/enable|disable body: nothing to say. */
export const ssoSwitchResponseSchema = z.object({ enabled: z.boolean(), endedSessions: z.number() });

/** POST /api/sso/login: the code (OAuth) or ticket (CAS) and the state the portal issued. */
export const ssoLoginRequestSchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().max(2000).optional(),
  ticket: z.string().max(256).optional(),
});
