/** The host the page runs in: a chat client's web view or a plain browser. */
export type PlatformKind = 'wecom' | 'wechat' | 'dingtalk' | 'feishu' | 'browser';

/** Which shell to render: antd on desktop, antd-mobile on phones and tablets. */
export type FormFactor = 'desktop' | 'mobile';

export interface DetectedPlatform {
  kind: PlatformKind;
  formFactor: FormFactor;
}

export interface PlatformHints {
  /** Current viewport width in CSS pixels; a narrow window gets the mobile shell whatever the UA says. */
  viewportWidth?: number;
}

/** Below this viewport width the phone layout is used (antd's `md` breakpoint). */
export const MOBILE_VIEWPORT_MAX = 768;

/**
 * Host detection order matters (DESIGN §6): WeCom's UA also contains `MicroMessenger`, so it is tested
 * before WeChat. Feishu ships as `Feishu` in China and `Lark` abroad; `LarkLocale/` alone is not a match.
 */
const HOSTS: Array<[Exclude<PlatformKind, 'browser'>, RegExp]> = [
  ['wecom', /wxwork/i],
  ['wechat', /MicroMessenger/i],
  ['dingtalk', /DingTalk/i],
  ['feishu', /\b(?:Lark|Feishu)\b/i],
];

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony|Windows Phone|webOS|BlackBerry/i;

/** Which host a user-agent string belongs to. Pure: pass the string in. */
export function detectPlatformKind(userAgent: string): PlatformKind {
  for (const [kind, pattern] of HOSTS) {
    if (pattern.test(userAgent)) return kind;
  }
  return 'browser';
}

/**
 * Desktop or mobile, decided apart from the host: DingTalk, Feishu, WeChat and WeCom all have desktop
 * clients. A phone or tablet UA, or a viewport narrower than MOBILE_VIEWPORT_MAX, means mobile.
 */
export function detectFormFactor(userAgent: string, hints: PlatformHints = {}): FormFactor {
  if (MOBILE_UA.test(userAgent)) return 'mobile';
  if (
    hints.viewportWidth !== undefined &&
    hints.viewportWidth > 0 &&
    hints.viewportWidth < MOBILE_VIEWPORT_MAX
  ) {
    return 'mobile';
  }
  return 'desktop';
}

/** Host and form factor of a user agent, plus optional viewport hints. */
export function detectPlatform(userAgent: string, hints: PlatformHints = {}): DetectedPlatform {
  return { kind: detectPlatformKind(userAgent), formFactor: detectFormFactor(userAgent, hints) };
}
