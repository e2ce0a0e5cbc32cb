import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSideMenu } from '../../pages/layout/use-side-menu';
import { useT } from '../../i18n/use-t';
import { AppFooter } from './app-footer';
import { OldHeader } from './old-header';
import './layouts.css';

/** The nostalgia UI: old header, side menu from the authorised menu tree, page, fixed footer. */
export function NostalgiaLayout() {
  const { t } = useT();
  const groups = useSideMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = groups.map((group) => ({
    key: group.code,
    label: t(group.title),
    type: 'group' as const,
    children: group.items.map((item) => ({ key: item.path, label: t(item.title) })),
  }));

  return (
    <div className="nostalgia">
      <OldHeader />
      <div className="nostalgia-body">
        <nav className="nostalgia-side">
          <Menu mode="inline" items={items} selectedKeys={[pathname]} onClick={({ key }) => navigate(key)} />
        </nav>
        <main className="nostalgia-content">
          <Outlet />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}
