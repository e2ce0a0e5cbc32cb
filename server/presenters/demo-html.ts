import type { Language } from '../../domain/constants';
import type { MessageKey } from '../../domain/i18n';
import { translate } from '../core/translate';

// What the portal's own demo pages (a product's placeholder, the trial's demo site) share: escaping, the
// escaped catalogue text, and the document around a page's body. The pages carry no script.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** The catalogue's text in `language`, escaped for HTML. */
export const escapedTranslator = (language: Language) => (key: MessageKey, params?: Record<string, string>) =>
  escapeHtml(translate(language, key, params));

/** A whole demo page: `title` and `body` are HTML already escaped; `style` the page's inline stylesheet. */
export function demoDocument(language: Language, title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${style}</style></head>
<body><main>
${body}
</main></body>
</html>
`;
}
