import { Menu } from 'antd';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSideMenu } from '../../pages/layout/use-side-menu';
import { useLayout } from '../../pages/layout/use-layout';
import { useT } from '../../i18n/use-t';
import { AppFooter } from './app-footer';
import { NewHeader } from './new-header';
import { NoticeBanner } from './notice-banner';
import { OldHeader } from './old-header';
import './layouts.css';

/**
 * The layout of the personal centre and the organisation pages (/layout/*) in the UI the user chose
 * (SPEC §2): the new header with its way home to the card home, or the nostalgia UI's old header; then
 * the side menu from the authorised menu tree, the page, and the fixed footer.
 */
export function DesktopLayout() {
  const { t } = useT();
  const layout = useLayout();
  const groups = useSideMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const nostalgia = layout.uiVersion === 'NOSTALGIA';
  const side = useRef<HTMLElement>(null);
  // The side menu scrolls on its own when its groups are taller than the window: bring the open page's
  // item into its view (an Openness page's item otherwise sits below the fold, out of sight).
  useEffect(() => {
    const nav = side.current;
    const selected = nav?.querySelector('.ant-menu-item-selected');
    if (!nav || !selected) return;
    const view = nav.getBoundingClientRect();
    const item = selected.getBoundingClientRect();
    if (item.bottom > view.bottom) nav.scrollTop += item.bottom - view.bottom + 8;
    else if (item.top < view.top) nav.scrollTop -= view.top - item.top + 8;
  }, [pathname, groups.length]);
  const items = groups.map((group) => ({
    key: group.code,
    label: t(group.title),
    type: 'group' as const,
    children: group.items.map((item) => ({ key: item.path, label: t(item.title), 'data-menu': item.code })),
  }));
  const links = new Set(
    groups.flatMap((group) => group.items.filter((item) => item.external).map((item) => item.path)),
  );
  // A link out of the client (the developer docs) opens in a tab of its own; the layout stays where it is.
  const open = (key: string) =>
    links.has(key) ? void window.open(key, '_blank', 'noopener') : navigate(key);

  return (
    <div className="desktop-layout" data-testid={nostalgia ? 'layout-nostalgia' : 'layout-new'}>
      {nostalgia ? <OldHeader /> : <NewHeader />}
      <NoticeBanner />
      <div className="desktop-layout-body">
        <nav className="desktop-layout-side" ref={side}>
          <Menu mode="inline" items={items} selectedKeys={[pathname]} onClick={({ key }) => open(key)} />
        </nav>
        <main className="desktop-layout-content">
          <Outlet />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}
