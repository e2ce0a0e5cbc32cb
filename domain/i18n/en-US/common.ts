import type { Catalogue } from '../catalogue-type';
import type { common as zh } from '../zh-CN/common';

/** Words used across pages. */
export const common: Catalogue<typeof zh> = {
  appName: 'R&D Platform Account Centre',
  appShortName: 'Account Centre',
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  submit: 'Submit',
  submitting: 'Submitting',
  submitted: 'Submitted',
  back: 'Back',
  backToLogin: 'Back to login',
  backHome: 'Back to home',
  loading: 'Loading…',
  retry: 'Retry',
  close: 'Close',
  more: 'More',
  none: 'None',
  language: 'Language',
  languages: { 'zh-CN': '简体中文', 'en-US': 'English' },
  version: 'Version {{version}}',
  versionDialogTitle: 'Version',
  versionDialogBody: 'Current version: {{version}}',
  submitSuccess: 'Submitted successfully',
  perPage: '{{size}} / page',
};
