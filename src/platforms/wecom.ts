import type { FormFactor } from './detect-platform';
import type { Platform } from './platform';
import { createWeixinOAuthPlatform, type WeixinNavigation } from './wechat';

/** WeCom (enterprise WeChat): same bridge and OAuth redirect as WeChat, its own kind for the server. */
export function createWecomPlatform(formFactor: FormFactor, navigation?: WeixinNavigation): Platform {
  return createWeixinOAuthPlatform('wecom', formFactor, navigation);
}
