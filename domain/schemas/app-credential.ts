import { z } from 'zod';
import { requiredText } from './common';

/** Longest name an administrator gives the app credential. */
export const APP_CREDENTIAL_NAME_MAX_LENGTH = 100;

/** The organisation's app credential as the appCredential screen reads it: never the secret, only its mask. */
export const appCredentialSchema = z.object({
  id: z.number(),
  name: z.string(),
  appKey: z.string(),
  /** A prefix and the last four characters of the secret; the secret itself was shown once. */
  secretMask: z.string(),
  secretIssuedAt: z.number(),
  createdAt: z.number(),
});
export type AppCredential = z.infer<typeof appCredentialSchema>;

/**
 * Answer of GET /api/OrganizationOpenness/initialize/appCredential: what the screen's three steps need:
 * the credential (null before one is created), where a token is fetched and how long it lives.
 */
export const appCredentialInitSchema = z.object({
  credential: appCredentialSchema.nullable(),
  tokenPath: z.string(),
  expiresIn: z.number(),
});
export type AppCredentialInit = z.infer<typeof appCredentialInitSchema>;

/** Path of GET /api/OrganizationOpenness/initialize/{type}: the screen whose first data is asked for. */
export const appCredentialInitParamsSchema = z.object({
  type: z.string().max(40),
});

/** Body of POST /api/OrganizationOpenness/Add and Modify/{id}: the credential's name. */
export const appCredentialInputSchema = z.object({
  name: requiredText(APP_CREDENTIAL_NAME_MAX_LENGTH),
});
export type AppCredentialInput = z.input<typeof appCredentialInputSchema>;

/**
 * Answer of POST /api/OrganizationOpenness/Add and Apply/{id}: the credential with its new secret, in this
 * answer only (the server keeps its hash), and how many access tokens the new secret ended.
 */
export const appCredentialIssuedSchema = appCredentialSchema.extend({
  appSecret: z.string(),
  revokedTokens: z.number(),
});
export type AppCredentialIssued = z.infer<typeof appCredentialIssuedSchema>;
