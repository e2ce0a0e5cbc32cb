import type { HostPlatform } from '../../domain/constants';
import type { HostApiBases } from '../core/config';
import { createDingtalkApi } from './dingtalk';
import { createFeishuApi } from './feishu';
import type { HostApi } from './host-api';
import { createWechatApi } from './wechat';
import { createWecomApi } from './wecom';

/** Every chat platform's API client, by platform. */
export type HostApis = Record<HostPlatform, HostApi>;

/** The platforms' API clients over the configured bases. */
export function createHostApis(bases: HostApiBases): HostApis {
  return {
    dingtalk: createDingtalkApi(bases),
    feishu: createFeishuApi(bases),
    wecom: createWecomApi(bases),
    wechat: createWechatApi(bases),
  };
}
