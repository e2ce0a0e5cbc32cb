import { screenLockErrors } from './screen-lock';
import type { Catalogue } from '../catalogue-type';
import type { signInErrors as zh } from '../zh-CN/sign-in-errors';

/**
 * The error messages the sign-in and the pages before it can meet: the login page loads only these
 * (first-paint.ts); errors.ts adds the rest.
 */
export const signInErrors: Catalogue<typeof zh> = {
  request: {
    unsigned: 'The request is not signed. Please refresh the page and try again.',
    malformed: 'The request signature is malformed. Please refresh the page and try again.',
    skewed: "Your device's clock is too far from the server's. Please correct it and try again.",
    replayed: 'The request has expired. Please try again.',
    badSignature: 'The request signature is wrong. Please refresh the page and try again.',
    invalid: 'Invalid parameter configuration',
    tooLarge: 'The data is too large.',
    notFound: 'The resource you asked for does not exist.',
    tooFrequent: 'The operation is too frequent. Please try again later.',
    internal: 'Submission failed, please resubmit',
    network: 'Network error. Please check your connection and try again.',
    crossSite: 'Requests from another website are refused',
  },
  auth: {
    required: 'Please sign in first.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forcedLogout: 'You have been signed in for 5 days. For your security, please sign in again.',
    noPermission: 'No access. Please contact admin.',
    systemExited: 'System has exited',
  },
  login: {
    accountRequired: 'Please enter your mobile number or email',
    passwordRequired: 'Please enter your password',
    accountTooLong: 'The account cannot be longer than {{max}} characters',
    passwordTooLong: 'The password cannot be longer than {{max}} characters',
    agreementRequired: 'Please agree to the Terms of Service and Privacy Policy',
    wrongCredentials: 'Account or password input wrong, please re-enter',
    wrongCredentialsRemaining:
      'Account or password input wrong, please re-enter. Attempts left before the account is locked: {{remaining}}',
    locked: 'The account is locked. Please contact your administrator to unlock it.',
    tooManyAttempts: 'Too many attempts, please try again later.',
    captchaRequired: 'For the security of your account, please enter the image code and sign in again.',
    ipForbidden: 'System detected abnormal IP, access forbidden, contact the administrator',
    trialExpired:
      'Your account has exceeded the trial period, please contact customer service to open authorisation.',
  },
  ldap: {
    accountRequired: 'Please enter your domain account',
    invalidUrl: 'The directory address must start with ldap:// or ldaps://',
    templateNeedsUsername: 'The user DN template must contain {username}',
    baseDnRequired: 'Please enter the base DN',
    invalidFilter: 'The search filter is malformed; it looks like (uid={username})',
    invalidAttribute: 'The attribute name is malformed',
    invalidDomain: 'The domain is malformed: letters, digits, dots and hyphens only',
    domainTaken: 'The domain {{domain}} is already used by another organisation',
    invalidCa: 'The CA certificate must be PEM (-----BEGIN CERTIFICATE-----)',
    startTlsWithLdaps: 'An ldaps:// address is already encrypted; turn StartTLS off',
    notConfigured: 'Domain sign-in is not turned on. Please sign in with your mobile number or email.',
    domainRequired: 'Please enter user@domain or DOMAIN\\user',
    unknownDomain: 'The domain {{domain}} was not found. Please check it.',
    unavailable:
      'The directory server cannot be reached. Please try again later or contact your administrator.',
    tlsFailed: 'The encrypted connection to the directory failed: its certificate could not be verified',
    noAccount: 'This domain account has no account on the portal yet. Please contact your administrator.',
    ambiguous:
      'Several directory users match this account. Please ask your administrator to check the search filter.',
    testRefused: 'The directory refused this user name or password',
    notDirectoryAccount:
      "A domain account's password is managed by the directory. Please contact your domain administrator.",
  },
  validation: {
    required: 'This field is required',
    invalidMobile: 'Wrong mobile number',
    invalidEmail: 'Wrong Email',
    invalidAccount: 'Please enter a correct mobile number or email',
    allSpaces: 'Cannot be all spaces',
    tooLong: "Can't exceed {{max}} letters",
    onlyNumber: 'Only input number',
    invalidLanguage: 'Unsupported language',
    invalidUiVersion: 'Unsupported UI version',
  },
  env: {
    notDingtalk: 'The current environment is not DingTalk',
    notFeishu: 'The current environment is not Feishu',
    hostTimeout: 'The app did not answer. Please try again later.',
    hostFailed: 'The app could not complete the request. Please try again later.',
    noAuthCode: 'Could not get a sign-in code from the app',
    notWecom: 'The current environment is not WeCom',
    notWechat: 'The current environment is not WeChat',
    authDenied: 'Sign-in was not authorised in the app',
    missingEntryId:
      "The entry address lacks its {{param}} parameter. Please ask your administrator to check the app's address in the workbench.",
    stateMismatch: 'This sign-in has expired. Please try again.',
  },
  password: {
    oldRequired: 'Please enter the old password',
    newRequired: 'Please enter a new password',
    confirmRequired: 'Please enter the new password again',
    oldWrong: 'Password input wrong, please re-enter',
    oldWrongRemaining:
      'Password input wrong, please re-enter. Attempts left before the account is locked: {{remaining}}',
    mismatch: 'Password inconsistent, type again',
    sameAsOld: 'Must be different with old password',
    usedBefore: 'Must be different with old password: it is one of your last {{count}} passwords',
    weak: 'Does not meet minimum security requirements',
    tooShort: 'Does not meet minimum security requirements: use at least {{min}} characters',
    tooLong: 'The password cannot be longer than {{max}} characters',
    needsUpper: 'Does not meet admin-set strength: include an upper-case letter',
    needsLower: 'Does not meet admin-set strength: include a lower-case letter',
    needsDigit: 'Does not meet admin-set strength: include a digit',
    needsSymbol: 'Does not meet admin-set strength: include a symbol',
    needsLetter: 'Does not meet admin-set strength: include a letter',
    accountName: 'Does not meet minimum security requirements: do not use your account name as the password',
    changeRequired: 'Please change your password before going on',
  },
  captcha: {
    required: 'Please enter the image code',
    format: 'The image code is 4 letters or digits',
    wrong: 'Security verification code error',
    expired: 'The image code has expired. Please enter the new one.',
  },
  verification: {
    codeRequired: 'Please enter the verification code',
    codeFormat: 'The verification code is 6 digits',
    codeWrong: 'Incorrect verification code',
    codeExpired: 'The verification code is no longer valid. Please get a new one.',
    codeTooManyTries: 'Too many wrong codes. Please get a new one.',
    channelUnavailable: 'This way of recovery is not available here',
  },
  host: {
    codeRequired: 'The sign-in code is missing. Please open the app again.',
    idRequired: 'Enter the corp ID or app ID',
    appKeyRequired: 'Enter the app key',
    secretRequired: 'Enter the app secret',
    notConfigured:
      'Sign-in from this app is not set up. Ask your organisation administrator to set it up, or sign in with your password.',
    codeRejected: 'The sign-in authorisation has expired or was already used. Please open the app again.',
    noAccount:
      'No account is linked to your identity in this app. Ask your organisation administrator for an account; if you already have one, sign in with your password to link it.',
    unreachable:
      "The app's platform cannot be reached right now. Please try again later, or sign in with your password.",
    badRedirect: 'The return address must be an address of this portal',
    bindTicketInvalid:
      'Linking your identity has expired or was already done. Please open the portal from the app again.',
    alreadyBound: 'This identity is already linked to another account. Ask your organisation administrator.',
    idTaken: 'This corp ID or app ID is already used by another organisation',
  },
  secondaryVerification: {
    expired: 'The security verification has expired. Please sign in again.',
    noContact:
      'Your account has no mobile number or email for the security verification. Please contact your administrator.',
    tooManyTries: 'Too many wrong codes. Please sign in again.',
    channelUnavailable: 'Your account cannot receive a code that way.',
  },
  reset: {
    tokenInvalid: 'Your verification has expired. Please verify again.',
  },
  health: { databaseDown: 'The database is unavailable' },
  ready: {
    databaseDown: 'Not ready: the database does not answer',
    migrationsPending: 'Not ready: the database is not migrated to this version ({{names}})',
    stopping: 'Not ready: this instance is stopping',
  },
  language: { switchFailed: 'Failed to switch language: {{message}}' },
  // The API client knows a locked screen by its key, on every page.
  screenLock: screenLockErrors,
};
