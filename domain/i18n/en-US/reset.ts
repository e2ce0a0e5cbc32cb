import type { Catalogue } from '../catalogue-type';
import type { reset as zh } from '../zh-CN/reset';

/** The password-reset wizard (/reset) and the code messages it sends. */
export const reset: Catalogue<typeof zh> = {
  title: 'Reset password',
  steps: {
    verify: 'Verify',
    setPassword: 'Set new password',
    unfinished: 'Unfinished',
    finished: 'Finished',
  },
  byPhone: 'By mobile',
  byEmail: 'By email',
  phone: 'Mobile number',
  phonePlaceholder: 'Enter your mobile number',
  email: 'Email',
  emailPlaceholder: 'Enter your email',
  captcha: 'Image code',
  captchaPlaceholder: 'Enter the 4 characters shown',
  captchaImage: 'Image code, click for a new one',
  captchaLoading: 'Loading',
  code: 'Verification code',
  codePlaceholder: 'Enter the 6-digit code',
  sendCode: 'Send code',
  resendIn: 'Resend in {{seconds}} s',
  codeSent: 'If this account exists, a code has been sent to it. It is valid for {{minutes}} minutes.',
  next: 'Next',
  newPassword: 'New password',
  newPasswordPlaceholder: 'Enter a new password',
  confirmPassword: 'Confirm new password',
  confirmPasswordPlaceholder: 'Enter the new password again',
  back: 'Back',
  submit: 'Confirm',
  doneTitle: 'Your password has been reset',
  doneBody: 'The account has been signed out on every other device. Sign in with your new password.',
  goLogin: 'Go to sign-in',
  backToLogin: 'Back to sign-in',
  mail: {
    subject: 'Lab Account Centre: your password reset code',
    body: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
  },
};
