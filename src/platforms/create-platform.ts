import { createBrowserPlatform } from './browser';
import { createDingtalkPlatform } from './dingtalk';
import type { DetectedPlatform } from './detect-platform';
import { createFeishuPlatform } from './feishu';
import type { Platform } from './platform';
import { createWechatPlatform } from './wechat';
import { createWecomPlatform } from './wecom';

export interface PlatformOptions {
  /** Where Feishu's H5 SDK script lives (ClientConfig.feishuSdkUrl). */
  feishuSdkUrl: string;
}

/** The adapter for a detected host. Creating one loads no SDK; the first host call does. */
export function createPlatform(detected: DetectedPlatform, options: PlatformOptions): Platform {
  switch (detected.kind) {
    case 'dingtalk':
      return createDingtalkPlatform(detected.formFactor);
    case 'feishu':
      return createFeishuPlatform(detected.formFactor, { sdkUrl: options.feishuSdkUrl });
    case 'wechat':
      return createWechatPlatform(detected.formFactor);
    case 'wecom':
      return createWecomPlatform(detected.formFactor);
    case 'browser':
      return createBrowserPlatform(detected.formFactor);
  }
}
