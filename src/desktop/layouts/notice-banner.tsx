import { useAnnouncementBanner } from '../../pages/notices/use-announcement-banner';
import { useT } from '../../i18n/use-t';
import { ChevronDownIcon, CloseIcon, MegaphoneIcon } from '../../pages/notices/notice-icons';
import './notice-banner.css';

/**
 * The system-update announcement banner (SPEC §2) under a desktop header, in the page's flow so it never
 * covers the header or the content: one line collapsed, the whole text expanded, closed for the session.
 * Title and text are rendered as text, never as markup.
 */
export function NoticeBanner() {
  const { t } = useT();
  const banner = useAnnouncementBanner();
  if (!banner.visible) return null;
  return (
    <div
      className={banner.expanded ? 'notice-banner expanded' : 'notice-banner'}
      role="region"
      aria-label={t('notices.banner.label')}
      data-testid="notice-banner"
      data-notice-id={banner.id ?? undefined}
    >
      <span className="notice-banner-icon">
        <MegaphoneIcon />
      </span>
      <div className="notice-banner-body" id="notice-banner-body">
        <strong className="notice-banner-title" data-testid="notice-banner-title">
          {banner.title}
        </strong>
        <span className="notice-banner-text" data-testid="notice-banner-text">
          {banner.text}
        </span>
      </div>
      <button
        type="button"
        className="notice-banner-toggle"
        aria-expanded={banner.expanded}
        aria-controls="notice-banner-body"
        data-testid="notice-banner-toggle"
        onClick={banner.toggle}
      >
        {t(banner.expanded ? 'notices.banner.collapse' : 'notices.banner.expand')}
        <ChevronDownIcon />
      </button>
      <button
        type="button"
        className="notice-banner-close"
        aria-label={t('notices.banner.close')}
        title={t('notices.banner.close')}
        data-testid="notice-banner-close"
        onClick={banner.close}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
