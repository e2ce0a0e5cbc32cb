import type { Catalogue } from '../catalogue-type';
import type { trialSignIn as zh, trialSignInErrors as zhErrors } from '../zh-CN/trial-sign-in';

/** Trial sign-in (/trial) with a mobile number and a code, and the demo site it leads to. */
export const trialSignIn: Catalogue<typeof zh> = {
  title: 'Trial sign-in',
  subtitle: 'Sign in to the demo site with the mobile number of your approved trial and a text-message code',
  submit: 'Sign in to the demo',
  codeSent:
    'If this number has an approved trial, a code is on its way. It is valid for {{minutes}} minutes.',
  noTrial: 'No trial yet?',
  apply: 'Apply for a trial',
  passwordLogin: 'Sign in with a password',
  signedInTitle: 'You are on a trial',
  signedIn: '{{org}} · trial until {{date}}',
  openDemo: 'Open the demo site',
  signOut: 'Leave the trial',
  expiredTitle: 'Trial over',
  demoTitle: 'Demo site',
  demoFor: '{{name}} ({{org}}) is on a trial until {{date}}',
  demoIntro: 'A trial account can browse the demos of these products. To go live, contact customer service.',
  demoNoProducts: 'There is no demo of the product you asked for yet. Customer service will arrange one.',
  demoSignedOut: 'You are not signed in with a trial account.',
  demoSignIn: 'Trial sign-in',
  demoLeave: 'Leave the trial',
};

/** Errors of the trial sign-in: errors.trialSignIn. */
export const trialSignInErrors: Catalogue<typeof zhErrors> = {
  demoOnly: 'A trial account can only use the demo site',
};
