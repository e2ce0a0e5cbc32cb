import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import type { useAppFooter } from './use-app-footer';

type Footer = ReturnType<typeof useAppFooter>;

/**
 * The footer's links, the same on both shells (SPEC §2 Footer): the public documents in the portal, then the
 * operator's external links in a new tab.
 */
export function FooterLinks({ footer, className }: { footer: Footer; className: string }) {
  const { t } = useT();
  return (
    <nav className={className}>
      {footer.links.map((link) => (
        <Link key={link.path} to={link.path}>
          {t(link.label)}
        </Link>
      ))}
      {footer.externalLinks.map((link) => (
        <a
          key={link.url}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="footer-external"
        >
          {link.label}
        </a>
      ))}
    </nav>
  );
}

/** The deployment's filing information, a link when the operator gave one; nothing while it is not set. */
export function FooterFiling({ filing }: { filing: Footer['filing'] }) {
  if (!filing) return null;
  return filing.url ? (
    <a href={filing.url} target="_blank" rel="noopener noreferrer" data-testid="footer-filing">
      {filing.text}
    </a>
  ) : (
    <span data-testid="footer-filing">{filing.text}</span>
  );
}
