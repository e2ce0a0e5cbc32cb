import { describe, expect, it } from 'vitest';
import { describeBrowser } from '../../../domain/rules/user-agent';

describe('describeBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      'Chrome 156',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
      'Edge 156',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Safari 18',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.6.0) DingTalk/7.6.0 Channel/201200',
      'DingTalk 7',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 wxwork/4.1.20 MicroMessenger/7.0.1',
      'WeCom 4',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560',
      'WeChat 8',
    ],
    [
      'Mozilla/5.0 (Macintosh) AppleWebKit/537.36 Chrome/118.0 Safari/537.36 Lark/7.20.5 LarkLocale/zh_CN',
      'Feishu 7',
    ],
    [undefined, 'Other'],
    ['curl/8.5.0', 'Other'],
  ])('%s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });
});
