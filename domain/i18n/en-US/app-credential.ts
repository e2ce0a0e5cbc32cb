import type {
  appCredential as zh,
  appCredentialErrors as zhErrors,
  openApiErrors as zhOpen,
} from '../zh-CN/app-credential';
import type { Catalogue } from '../catalogue-type';

/** The appCredential screen (Openness > App credentials): get the key, invoke the API, test. */
export const appCredential: Catalogue<typeof zh> = {
  title: 'App credentials',
  intro:
    "Your organisation's systems exchange the app key and secret for an access token, then call the open API with it.",
  steps: { key: 'Get the key', invoke: 'Invoke the API', test: 'Test' },
  key: {
    none: 'No app credential yet. Name it and create it: the AppSecret is shown this once.',
    name: 'App name',
    namePlaceholder: 'e.g. HR system sync',
    create: 'Create app credential',
    save: 'Save name',
    saved: 'Name saved',
    appKey: 'AppKey',
    appSecret: 'AppSecret',
    issuedAt: 'Secret generated {{time}}',
    regenerate: 'Regenerate secret',
    regenerateConfirm:
      'The old secret and every access token obtained with it stop working at once. Regenerate?',
    newSecretTitle: 'New AppSecret',
    newSecretHelp: 'Copy it now and keep it safe: it is not shown again once closed, only regenerated.',
    revokedTokens: '{{count}} access token(s) ended',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I have saved it',
  },
  invoke: {
    tokenTitle: '1. Get an access token',
    tokenHelp:
      'POST appKey and appSecret as JSON to {{path}}; the accessToken answered is valid {{seconds}} s, then fetch a new one.',
    bearerTitle: '2. Call the open API',
    bearerHelp:
      'Send Authorization: Bearer <accessToken> with every call. An expired token is answered 401, saying it expired.',
  },
  test: {
    intro: 'Exchanges the AppKey and AppSecret for an access token and makes one call with it.',
    secretPlaceholder: 'Paste the AppSecret',
    run: 'Test',
    success: 'Call succeeded: organisation "{{org}}", app "{{app}}", token valid until {{time}}',
    failed: 'Call failed: {{reason}}',
  },
};

export const appCredentialErrors: Catalogue<typeof zhErrors> = {
  exists: 'Your organisation already has an app credential: regenerate its secret for a new one',
  notFound: 'App credential not found',
  unknownType: 'Unknown screen type',
};

export const openApiErrors: Catalogue<typeof zhOpen> = {
  badCredential: 'Wrong AppKey or AppSecret',
  badToken: 'The access token is invalid or no longer valid; fetch a new one',
  tokenExpired: 'The access token has expired; fetch a new one',
  accountRequired: 'A new member needs a mobile number or an email to sign in with',
  tooManyItems: 'At most 1000 items a call',
  badPath: 'Every part of a department path must be filled in and at most 50 characters',
  inProgress: 'A call with the same Idempotency-Key is still being processed; retry shortly',
  notQueued: 'The call is no longer queued and cannot be withdrawn',
  callNotFound: 'No such call',
  badDelay: 'The delay before effect must be a whole number of hours from 0 to 720',
  memberRequired: "Give the member's external id, mobile number or email",
  memberNotFound: 'No such member in the organisation',
  platformRequired: 'Give the platform with a third-party account id',
  thirdAccountNotFound: 'No such third-party account',
  unknownApi: 'Unknown API',
};
