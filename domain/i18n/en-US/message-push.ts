import type { Catalogue } from '../catalogue-type';
import type { messagePush as zh } from '../zh-CN/message-push';

/** Message push into chat hosts: the debug message and the platforms' answers in words. */
export const messagePush: Catalogue<typeof zh> = {
  hosts: { dingtalk: 'DingTalk', feishu: 'Feishu', wecom: 'WeCom', wechat: 'WeChat' },
  testTitle: 'Debug message',
  testText: 'This is a debug message from the Lab Account Centre: message push to {{host}} works.',
  result: {
    delivered: '{{host}} accepted the message; look for it in {{host}}',
    recipientRejected:
      '{{host}} refused the recipient: the identity is outside the app\u2019s visible range or no longer exists',
    credentialsRejected: '{{host}} refused the app credentials; check the app key and app secret',
    rateLimited: '{{host}} says there are too many calls; try again later',
    unreachable: '{{host}} cannot be reached right now; try again later',
    refused: '{{host}} refused the message',
  },
};
