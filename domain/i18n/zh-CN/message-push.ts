/** Message push into chat hosts: the debug message and the platforms' answers in words. */
export const messagePush = {
  hosts: { dingtalk: '钉钉', feishu: '飞书', wecom: '企业微信', wechat: '微信' },
  testTitle: '调试消息',
  testText: '这是来自实验室账号中心的调试消息：{{host}}消息推送已配置成功。',
  result: {
    delivered: '{{host}}已接收消息，请在{{host}}中查看',
    recipientRejected: '{{host}}拒绝了接收人：该身份不在应用的可见范围内或已不存在',
    credentialsRejected: '{{host}}拒绝了应用凭证，请检查 App Key 和 App Secret',
    rateLimited: '{{host}}提示调用过于频繁，请稍后再试',
    unreachable: '暂时无法连接{{host}}，请稍后再试',
    refused: '{{host}}拒绝了消息',
  },
};
