import type { Catalogue } from '../catalogue-type';
import type { login as zh } from '../zh-CN/login';

/** The sign-in screens. */
export const login: Catalogue<typeof zh> = {
  title: 'Welcome',
  subtitle: 'One account for every R&D product',
  account: 'Account',
  accountPlaceholder: 'Mobile number or email',
  password: 'Password',
  passwordPlaceholder: 'Password',
  autoLogin: 'Sign me in automatically for 1 day',
  agreePrefix: 'I have read and agree to the ',
  agreement: 'Terms of Service',
  and: ' and ',
  privacy: 'Privacy Policy',
  submit: 'Sign in',
  forgotPassword: 'Forgot password',
  register: 'Apply for a trial',
  loginTypes: { normal: 'Account', ad: 'Domain account', sso: 'Single sign-on' },
  domainAccount: 'Domain account',
  domainAccountPlaceholder: 'user@domain or DOMAIN\\user',
  forcedLogoutTitle: 'Please sign in again',
  trialExpiredTitle: 'Trial over',
  captcha: 'Image code',
  captchaPlaceholder: 'Characters shown',
  captchaImage: 'Image code, click for a new one',
  captchaLoading: 'Loading',
  noAccount: 'No account yet?',
  haveTrial: 'Trial approved?',
  trialSignIn: 'Trial sign-in',
  hero: {
    title: 'One platform for the whole R&D lab',
    body: 'Lab notebook, chemical inventory, sample testing, projects and instruments: one account for all of them.',
    point1: 'One account, single sign-on',
    point2: 'Products and menus licensed per organisation',
    point3: 'Works in DingTalk, Feishu and WeCom',
  },
};
