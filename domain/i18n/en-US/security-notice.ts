import type { Catalogue } from '../catalogue-type';
import type { securityNotice as zh } from '../zh-CN/security-notice';

/** The account-security notice after sign-in and the reminder of the forced logout (SPEC §2, §4). */
export const securityNotice: Catalogue<typeof zh> = {
  title: 'Account security',
  intro: 'Check that all of this was you:',
  previousLogin: 'Previous sign-in',
  previousLoginDetail: '{{time}} · IP {{ip}} · {{browser}}',
  firstLogin: 'This is the first sign-in of your account.',
  failedAttempts: 'Failed sign-ins',
  noFailures: 'None since your previous sign-in',
  failures: '{{count}} since your previous sign-in, the latest at {{time}} (IP {{ip}})',
  noFailuresRecently: 'None in the last {{days}} days',
  failuresRecently: '{{count}} in the last {{days}} days, the latest at {{time}} (IP {{ip}})',
  password: 'Password',
  passwordAge: 'In use for {{days}} days',
  passwordSetToday: 'Set today',
  passwordExpires: 'Expires at {{time}}: change it before then',
  passwordNeverExpires: 'Your organisation has not set an expiry',
  notYou: 'If any of this was not you, change your password now.',
  changePassword: 'Change password',
  viewLoginLog: 'View login log',
  iKnow: 'I know',
  dontRemind: "Don't remind me again",
  forcedLogoutSoonTitle: 'Signing out soon',
  forcedLogoutSoon:
    'For your security, a sign-in lasts at most 5 days. You will be signed out at {{time}}: save your work.',
};
