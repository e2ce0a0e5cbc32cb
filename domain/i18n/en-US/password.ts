import type { Catalogue } from '../catalogue-type';
import type { password as zh } from '../zh-CN/password';

/** Password change, its live rule hints and the forced-change notices. */
export const password: Catalogue<typeof zh> = {
  modify: {
    title: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    oldPlaceholder: 'Enter your old password',
    newPlaceholder: 'Enter a new password',
    confirmPlaceholder: 'Enter the new password again',
    submit: 'Change password',
    logout: 'Sign out',
    changed: 'Your password has been changed. Your other sign-ins have been signed out.',
  },
  reasons: {
    initial: 'You signed in with an initial password. Please set your own password first.',
    expired: 'Your password has expired. Please set a new one.',
    weak: "Your password no longer meets your organisation's password policy. Please change it.",
  },
  rules: {
    title: 'Password requirements',
    length: '{{min}}-{{max}} characters',
    upper: 'An upper-case letter',
    lower: 'A lower-case letter',
    digit: 'A digit',
    symbol: 'A symbol (e.g. !@#$%)',
    letter: 'A letter',
    common: 'Not a common or leaked password',
    history: 'Different from your current password and your last {{count}} passwords',
    current: 'Different from your current password',
  },
};
