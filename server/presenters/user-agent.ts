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

/**
 * Labels of the user agents met lately. Every attempt's login-log row needs one, a parse walks the
 * library's pattern lists (about 15 µs for a desktop Chrome), and a deployment's users send few distinct
 * strings. Bounded so that made-up user agents cannot grow it: at most this many strings of at most
 * 1 KiB (a browser's is a few hundred characters), and when full it starts again.
 */
const LABELS_KEPT = 512;
const LONGEST_KEPT = 1024;
const labels = new Map<string, string>();

/** A short browser label for the login log ("Chrome 156"), or "Other" when the browser is not known. */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return 'Other';
  let label = labels.get(userAgent);
  if (label === undefined) {
    label = parseBrowser(userAgent);
    if (userAgent.length > LONGEST_KEPT) return label;
    if (labels.size >= LABELS_KEPT) labels.clear();
    labels.set(userAgent, label);
  }
  return label;
}

function parseBrowser(userAgent: string): string {
  const { name, major } = new UAParser(userAgent, CHAT_HOSTS).getBrowser();
  if (!name) return 'Other';
  const label = SHORT_NAMES[name] ?? name;
  return major ? `${label} ${major}` : label;
}
