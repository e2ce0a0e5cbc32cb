import type { HostPlatform } from '../../domain/constants';

/** The host the page runs in: a chat client's web view or a plain browser. */
export type PlatformKind = HostPlatform | 'browser';

/** Which shell to render: antd on desktop, antd-mobile on phones and tablets. */
export type FormFactor = 'desktop' | 'mobile';

export interface DetectedPlatform {
  kind: PlatformKind;
  formFactor: FormFactor;
}

export interface PlatformHints {
  /**
   * Current viewport width in CSS pixels; a narrow browser window gets the mobile shell. Inside a chat
   * host the host's own form factor decides (a DingTalk PC side panel is narrow but a desktop).
   */
  viewportWidth?: number;
  /** The page runs in DingTalk PC's container (see isDingtalkContainer), whatever its user agent says. */
  dingtalkContainer?: boolean;
}

/** The parts of the window DingTalk PC's container shows itself by. */
export interface DingtalkContainerSigns {
  /** window.name: DingTalk PC puts JSON with containerId and hostOrigin there. */
  windowName: string;
  /** Whether window.dingtalk.platform.invokeAPI is a function (the container's direct bridge). */
  hasInvokeApi: boolean;
}

/** Where DingTalk PC's container page lives: the SDK answers only a host origin under it. */
const DINGTALK_HOST_SUFFIX = '.dingtalk.com';

/**
 * Whether the page runs in DingTalk PC's container, decided the way dingtalk-jsapi decides it (its PC
 * bridge needs exactly this; the user agent alone is not enough): a direct `invokeAPI` bridge, or
 * `window.name` holding JSON with a `containerId` and a `hostOrigin` under .dingtalk.com.
 */
export function isDingtalkContainer({ windowName, hasInvokeApi }: DingtalkContainerSigns): boolean {
  if (hasInvokeApi) return true;
  const json = /{.*}/.exec(windowName)?.[0];
  if (!json) return false;
  try {
    const value = JSON.parse(json) as { containerId?: unknown; hostOrigin?: unknown };
    if (!value.containerId || typeof value.hostOrigin !== 'string') return false;
    return new URL(value.hostOrigin).hostname.endsWith(DINGTALK_HOST_SUFFIX);
  } catch {
    return false;
  }
}

/** Below this viewport width the phone layout is used (antd's `md` breakpoint). */
export const MOBILE_VIEWPORT_MAX = 768;

/**
 * Host detection order matters (DESIGN §6): WeCom's UA also contains `MicroMessenger`, so it is tested
 * before WeChat. Feishu ships as `Feishu` in China and `Lark` abroad; `LarkLocale/` alone is not a match.
 */
const HOSTS: Array<[HostPlatform, RegExp]> = [
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

/**
 * Host and form factor of a user agent, plus optional hints. DingTalk PC's container counts as DingTalk
 * on the desktop even when its user agent does not say so; inside any host the host's form factor
 * decides the shell, not the width of the panel it gives the page.
 */
export function detectPlatform(userAgent: string, hints: PlatformHints = {}): DetectedPlatform {
  const byAgent = detectPlatformKind(userAgent);
  if (hints.dingtalkContainer && (byAgent === 'browser' || byAgent === 'dingtalk')) {
    return { kind: 'dingtalk', formFactor: 'desktop' };
  }
  if (byAgent !== 'browser') return { kind: byAgent, formFactor: detectFormFactor(userAgent) };
  return { kind: byAgent, formFactor: detectFormFactor(userAgent, hints) };
}
