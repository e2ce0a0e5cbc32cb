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
    unguessable:
      "Hard to guess: not a common password, word, name, date, sequence or keyboard pattern, nor your account's or organisation's name",
    history: 'Different from your current password and your last {{count}} passwords',
    current: 'Different from your current password',
  },
  suggestions: {
    anotherWord: 'Add a word or two; uncommon words are better',
    useWords: 'Use several unrelated words, not a common phrase',
    noNeed: 'Symbols, digits or capital letters are not needed: length matters more',
    l33t: "Predictable substitutions like '@' for 'a' don't help much",
    reverseWords: "Reversed spellings of common words don't help much",
    allUppercase: 'Capitalise some letters, not all of them',
    capitalization: "Capitalising only the first letter doesn't help much",
    dates: 'Avoid dates and years associated with you',
    recentYears: 'Avoid recent years',
    associatedYears: 'Avoid years associated with you',
    sequences: 'Avoid common character sequences',
    repeated: 'Avoid repeated words and characters',
    longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction several times',
  },
};
