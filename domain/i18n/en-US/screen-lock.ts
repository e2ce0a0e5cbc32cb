import type { Catalogue } from '../catalogue-type';
import type { screenLock as zh, screenLockErrors as zhErrors } from '../zh-CN/screen-lock';

/** The screen lock (/lock): after the idle time the portal locks until the password is typed. */
export const screenLock: Catalogue<typeof zh> = {
  title: 'Screen locked',
  subtitle: 'You have been away for a while. For your account’s safety, enter your password to unlock.',
  signedInAs: 'Signed in as {{name}}',
  password: 'Password',
  passwordPlaceholder: 'Enter your sign-in password',
  unlock: 'Unlock',
  unlocking: 'Unlocking…',
  signOut: 'Sign out',
  ssoSubtitle:
    'You have been away for a while. You signed in through single sign-on: sign in there again as yourself to unlock.',
  ssoUnlock: 'Unlock with single sign-on',
  lockedAt: 'Locked at {{time}}',
};

/** Errors of the screen lock: errors.screenLock. */
export const screenLockErrors: Catalogue<typeof zhErrors> = {
  locked: 'The screen is locked. Enter your password to unlock it.',
  passwordRequired: 'Please enter your password',
  wrongPassword: 'Password input wrong, please re-enter',
  wrongPasswordRemaining:
    'Password input wrong, please re-enter. {{remaining}} more wrong tries will lock the account.',
  unavailable: 'A domain account has no portal password, so the screen cannot be locked',
};
