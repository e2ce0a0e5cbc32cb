import type { Catalogue } from '../catalogue-type';
import type { secondaryVerification as zh } from '../zh-CN/secondary-verification';

/** The security verification at sign-in (/mobileVerify) and its setting under system settings. */
export const secondaryVerification: Catalogue<typeof zh> = {
  title: 'Security verification',
  intro: 'To keep your account safe, this sign-in needs a code too. Where should we send it?',
  introSingle: 'To keep your account safe, this sign-in needs a code too. We will send it to {{target}}.',
  byPhone: 'Phone {{target}}',
  byEmail: 'Email {{target}}',
  code: 'Verification code',
  codePlaceholder: 'Enter the 6-digit code',
  sendCode: 'Send code',
  resendIn: 'Resend in {{seconds}} s',
  codeSent: 'A code was sent to {{target}}. It is valid for {{minutes}} minutes.',
  submit: 'Verify and sign in',
  backToLogin: 'Back to sign in',
  expired: 'This verification has expired. Please sign in again.',
  mail: {
    subject: 'Lab Account Centre: your sign-in code',
    body: 'Your sign-in verification code is {{code}}. It is valid for {{minutes}} minutes. If you are not signing in right now, someone knows your password: change it now.',
  },
  setting: {
    title: 'Security verification at sign-in',
    intro:
      "When it is on, a right password (or domain password) is followed by a code sent to the member's phone or email before they are signed in.",
    modes: {
      off: 'Off',
      'new-device': 'On a new device or IP',
      always: 'At every sign-in',
    },
    modeHelp: {
      off: 'The right password signs the member in.',
      'new-device':
        'A code is needed when the device or the IP address has never signed in to the account before.',
      always: 'A code is needed at every sign-in.',
    },
    noContact: 'Members with neither a mobile number nor an email cannot sign in: add one for them first.',
    saved: 'Saved',
    updatedAt: 'Last changed {{time}}',
  },
};
