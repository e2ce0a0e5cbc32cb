import type { Catalogue } from '../catalogue-type';
import type { host as zh } from '../zh-CN/host';

/** Sign-in inside a chat host (DingTalk, Feishu, WeCom, WeChat): the entry pages and the link to an account. */
export const host: Catalogue<typeof zh> = {
  names: { dingtalk: 'DingTalk', feishu: 'Feishu', wecom: 'WeCom', wechat: 'WeChat' },
  signingIn: 'Signing you in with {{host}}…',
  signingInHint: 'Getting your identity from {{host}}, one moment',
  noAccountTitle: 'No account found for you',
  noAccount:
    "Your {{host}} identity is not linked to an account here yet. Please ask your organisation's administrator to add you. If you already have an account, sign in with your password: the two are then linked, and next time {{host}} signs you in by itself.",
  failedTitle: 'Could not sign in with {{host}}',
  usePassword: 'Sign in with password',
  retry: 'Try again',
  bindNotice: 'Sign in to link your {{host}} identity: next time {{host}} signs you in by itself.',
};
