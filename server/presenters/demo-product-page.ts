import type { Language } from '../../domain/constants';
import { translateIfKnown } from '../core/translate';
import { demoDocument, escapedTranslator, escapeHtml } from './demo-html';

/** Who opened the page, when a usable session came with it. */
export interface DemoProductViewer {
  name: string;
  orgName: string;
}

export interface DemoProductPageInput {
  language: Language;
  /** The product code asked for, as typed in the URL. */
  code: string;
  /** Whether the code names a product of the catalogue. */
  known: boolean;
  viewer: DemoProductViewer | null;
}

// Inline style only: the Content-Security-Policy allows inline styles, never inline scripts.
const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;
background:#f5f7fa;color:#1f2329}main{max-width:640px;margin:12vh auto;padding:32px;background:#fff;
border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:22px;margin:0 0 16px}
p{line-height:1.6}code{display:block;padding:12px;background:#f2f3f5;border-radius:4px;overflow-wrap:anywhere}
a{color:#2f6bff}`;

/**
 * The portal's placeholder page for a product (GET /demo-product/:code): which product was opened and for
 * whom (or a way to sign in), and the operator command that sets the product's real address. Every value
 * is escaped; the page has no script.
 */
export function renderDemoProductPage({ language, code, known, viewer }: DemoProductPageInput): string {
  const t = escapedTranslator(language);
  const product = known ? translateIfKnown(language, `products.${code}.name`) : code;
  const title = known ? t('demoProduct.title', { product }) : t('demoProduct.unknown', { code });
  const command = `npm run cli -- product:url --product ${known ? code : 'ELN'} --url https://...`;
  const body = [
    `<h1>${title}</h1>`,
    viewer
      ? `<p>${t('demoProduct.openedFor', { name: viewer.name, org: viewer.orgName })}</p>`
      : `<p>${t('demoProduct.signedOut')} <a href="../#/login">${t('demoProduct.signIn')}</a></p>`,
    known ? `<p>${t('demoProduct.placeholder')}</p><code>${escapeHtml(command)}</code>` : '',
    `<p><a href="../">${t('demoProduct.back')}</a></p>`,
  ].join('\n');
  return demoDocument(language, title, STYLE, body);
}
