const BROWSERS: Array<[string, RegExp]> = [
  ['DingTalk', /DingTalk\/([\d.]+)/i],
  ['Feishu', /(?:Lark|Feishu)\/([\d.]+)/i],
  ['WeCom', /wxwork\/([\d.]+)/i],
  ['WeChat', /MicroMessenger\/([\d.]+)/i],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

/**
 * A short browser label for the login log ("Chrome 156"), or "Other".
 * Chat hosts come first because their user agents also name the engine they embed.
 */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return 'Other';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1].split('.')[0]}`;
  }
  return 'Other';
}
