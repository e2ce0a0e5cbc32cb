import type { Catalogue } from '../catalogue-type';
import type { esign as zhPages, esignErrors as zh } from '../zh-CN/esign';

/** Errors of the electronic signature (SPEC §3, §7 Esign). */
export const esignErrors: Catalogue<typeof zh> = {
  minLength: 'The minimum length must be from 6 to 32',
  required: 'Please enter the signature password',
  loginPasswordRequired: 'Please enter your login password',
  tooShort: 'The signature password must have at least {{min}} characters',
  tooLong: "The signature password can't exceed 64 characters",
  weak: "Password doesn't meet security requirements",
  sameAsLogin: 'The input value is same as login password',
  loginSameAsSignature: 'The new password must be different from your signature password',
  mismatch: 'Password inconsistent, type again',
  wrong: 'Signature password wrong, please re-enter',
  wrongRemaining: 'Signature password wrong. {{remaining}} more wrong tries lock signing for 30 minutes',
  locked: 'Too many wrong signature passwords. Signing is locked; try again in {{minutes}} minutes',
  notSet: 'No signature password has been set yet',
  disabled: 'Your organisation has not enabled electronic signatures',
  sameAsLoginNotAllowed: 'Your organisation does not allow the login password as the signature password',
  notOwnAccount: 'You can only set or verify your own signature password',
  unknownOption: 'There is no such configuration option',
};

/** Electronic signature screens: the administrator's settings and the member's own signature password. */
export const esign: Catalogue<typeof zhPages> = {
  title: 'Electronic signature',
  strengths: {
    low: 'Low: any characters',
    medium: 'Medium: letters and digits',
    strong: 'Strong: letters, digits and symbols',
  },
  settings: {
    intro:
      'Members type their signature password when they sign in a product (approvals, submitted records). It is kept apart from the login password and may not be the same.',
    enabled: 'Electronic signatures on',
    strength: 'Signature password strength',
    minLength: 'Minimum length',
    minLengthHelp: '6 to 32 characters',
    allowSameAsLogin: 'Members may sign with their login password',
    save: 'Save',
    saved: 'Saved successfully',
  },
  personal: {
    intro: 'You type your signature password when you sign in a product.',
    status: 'Status',
    modes: {
      none: 'No signature password set',
      separate: 'A separate signature password is set',
      login: 'You sign with your login password',
    },
    disabled: 'Your organisation has not enabled electronic signatures; no signature password is needed.',
    locked: 'Too many wrong signature passwords: signing is locked until {{time}}.',
    rulesTitle: 'The signature password',
    rules: {
      length: 'At least {{min}} characters',
      medium: 'Letters and digits',
      strong: 'Letters, digits and symbols',
      differs: 'Different from the login password',
      confirmed: 'Typed the same twice',
    },
    steps: { verify: 'Verify login password', set: 'Set signature password', done: 'Done' },
    loginPassword: 'Login password',
    loginPasswordPlaceholder: 'Your current login password',
    password: 'Signature password',
    passwordPlaceholder: 'Enter the signature password',
    confirm: 'Confirm signature password',
    confirmPlaceholder: 'Enter the signature password again',
    choice: 'Sign with',
    choices: { separate: 'A separate signature password', login: 'My login password' },
    set: 'Set signature password',
    change: 'Change signature password',
    next: 'Next',
    back: 'Back',
    cancel: 'Cancel',
    submit: 'OK',
    useLogin: 'Sign with my login password',
    saved: 'Signature password set',
    savedLogin: 'You now sign with your login password',
  },
};
