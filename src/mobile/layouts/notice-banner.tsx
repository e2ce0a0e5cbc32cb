import { useAnnouncementBanner } from '../../pages/notices/use-announcement-banner';
import { useT } from '../../i18n/use-t';
import { MegaphoneIcon } from '../../pages/notices/notice-icons';
import './notice-banner.css';

/**
 * The announcement banner on a phone (SPEC §2), under the header and in the page's flow: the title and two
 * lines of text collapsed, the whole text expanded, closed for the session. Rendered as text, never markup.
 */
export function NoticeBanner() {
  const { t } = useT();
  const banner = useAnnouncementBanner();
  if (!banner.visible) return null;
  return (
    <div
      className={banner.expanded ? 'm-notice-banner expanded' : 'm-notice-banner'}
      role="region"
      aria-label={t('notices.banner.label')}
      data-testid="notice-banner"
      data-notice-id={banner.id ?? undefined}
    >
      <div className="m-notice-banner-head">
        <span className="m-notice-banner-icon">
          <MegaphoneIcon />
        </span>
        <strong className="m-notice-banner-title" data-testid="notice-banner-title">
          {banner.title}
        </strong>
        <button
          type="button"
          className="m-notice-banner-close"
          aria-label={t('notices.banner.close')}
          data-testid="notice-banner-close"
          onClick={banner.close}
        >
          ×
        </button>
      </div>
      <p className="m-notice-banner-text" id="m-notice-banner-text" data-testid="notice-banner-text">
        {banner.text}
      </p>
      <button
        type="button"
        className="m-notice-banner-toggle"
        aria-expanded={banner.expanded}
        aria-controls="m-notice-banner-text"
        data-testid="notice-banner-toggle"
        onClick={banner.toggle}
      >
        {t(banner.expanded ? 'notices.banner.collapse' : 'notices.banner.expand')}
      </button>
    </div>
  );
}
