import type { Language } from '../../domain/constants';
import { demoDocument, escapedTranslator, escapeHtml } from './demo-html';

/** A trial sign-in looking at the demo site: who, until when, and the demos of their products. */
export interface DemoSiteViewer {
  name: string;
  orgName: string;
  trialEndsAt: number;
  products: Array<{ name: string; url: string }>;
}

export interface DemoSitePageInput {
  language: Language;
  /** A running trial sign-in, or what else the cookie led to. */
  viewer: DemoSiteViewer | 'expired' | null;
}

// Inline style only: the Content-Security-Policy allows inline styles, never inline scripts.
const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;
background:#f5f7fa;color:#1f2329}main{max-width:680px;margin:10vh auto;padding:32px;background:#fff;
border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:22px;margin:0 0 16px}
p{line-height:1.6}ul{padding-left:20px;line-height:2}a{color:#2f6bff}.warn{color:#c2410c}
@media (max-width:600px){main{margin:0;min-height:100vh;border-radius:0;box-sizing:border-box;padding:24px 18px}}`;

/**
 * The portal's own demo site (GET /demo-site), where a trial sign-in is restricted to (SPEC §2, §6) unless
 * TRIAL_DEMO_URL names another: the trial's organisation and end, the demos of its products, and the way
 * out through /trial. Past the trial's end it says SPEC §8's words. Every value is escaped; no script.
 */
export function renderDemoSitePage({ language, viewer }: DemoSitePageInput): string {
  const t = escapedTranslator(language);
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let body: string;
  if (viewer === 'expired') {
    body = `<h1>${t('trialSignIn.expiredTitle')}</h1>
<p class="warn">${t('errors.login.trialExpired')}</p>
<p><a href="./#/trial">${t('trialSignIn.demoSignIn')}</a></p>`;
  } else if (viewer === null) {
    body = `<h1>${t('trialSignIn.demoTitle')}</h1>
<p>${t('trialSignIn.demoSignedOut')} <a href="./#/trial">${t('trialSignIn.demoSignIn')}</a></p>`;
  } else {
    const list =
      viewer.products.length === 0
        ? `<p>${t('trialSignIn.demoNoProducts')}</p>`
        : `<p>${t('trialSignIn.demoIntro')}</p>
<ul>${viewer.products.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.name)}</a></li>`).join('')}</ul>`;
    body = `<h1>${t('trialSignIn.demoTitle')}</h1>
<p>${t('trialSignIn.demoFor', { name: viewer.name, org: viewer.orgName, date: date(viewer.trialEndsAt) })}</p>
${list}
<p><a href="./#/trial">${t('trialSignIn.demoLeave')}</a></p>`;
  }
  const title = t('trialSignIn.demoTitle');
  return demoDocument(language, title, STYLE, body);
}
