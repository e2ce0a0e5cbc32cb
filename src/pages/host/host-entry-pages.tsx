import type { ComponentType } from 'react';
import type { HostKind } from '../paths';

/**
 * Each chat host's entry page (/dingding, /feishu, /wecom, /wechat) from a shell's host sign-in page: the
 * route table loads them by these names from each shell's host-sign-in-page module.
 */
export function hostEntryPages(Page: ComponentType<{ host: HostKind }>) {
  const entry = (host: HostKind) => {
    const Entry = () => <Page host={host} />;
    Entry.displayName = `HostEntryPage(${host})`;
    return Entry;
  };
  return {
    DingtalkPage: entry('dingtalk'),
    FeishuPage: entry('feishu'),
    WecomPage: entry('wecom'),
    WechatPage: entry('wechat'),
  };
}
