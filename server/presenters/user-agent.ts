import { UAParser } from 'ua-parser-js';

/**
 * The chat hosts' in-app browsers, which ua-parser-js 1.0 does not name (it sees the engine they embed:
 * WeChat for WeCom, Chrome for Feishu, WebKit for DingTalk on iOS). Extensions are tried before the
 * library's own patterns; each matched group fills the property in its place (version first).
 */
const CHAT_HOSTS: Record<string, unknown> = {
  browser: [
    [/DingTalk\/([\d.]+)/i],
    [UAParser.BROWSER.VERSION, [UAParser.BROWSER.NAME, 'DingTalk']],
    [/(?:Lark|Feishu)\/([\d.]+)/i],
    [UAParser.BROWSER.VERSION, [UAParser.BROWSER.NAME, 'Feishu']],
    [/wxwork\/([\d.]+)/i],
    [UAParser.BROWSER.VERSION, [UAParser.BROWSER.NAME, 'WeCom']],
  ],
};

/** The library's names the login log shortens: a phone's Safari is Safari there too. */
const SHORT_NAMES: Record<string, string> = { 'Mobile Safari': 'Safari', 'Mobile Firefox': 'Firefox' };

/** A short browser label for the login log ("Chrome 156"), or "Other" when the browser is not known. */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return 'Other';
  const { name, major } = new UAParser(userAgent, CHAT_HOSTS).getBrowser();
  if (!name) return 'Other';
  const label = SHORT_NAMES[name] ?? name;
  return major ? `${label} ${major}` : label;
}
