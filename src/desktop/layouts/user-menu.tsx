import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useUserMenu } from '../../pages/layout/use-user-menu';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { CheckIcon, GlobeIcon, LogoutIcon, SwapIcon, UserIcon } from '../icons';
import { showError } from '../show-error';

/**
 * The user dropdown of every desktop header. Items render in a portal, so each test id sits on the
 * label element inside its item.
 */
export function UserMenu({ dark = false }: { dark?: boolean }) {
  const { t } = useT();
  const menu = useUserMenu({
    showError,
    switchFailedMessage: (message) => t('errors.language.switchFailed', { message }),
  });

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div className="user-menu-who">
          <strong>{menu.name}</strong>
          <span>{menu.orgName}</span>
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'personal',
      icon: <UserIcon />,
      label: <span data-testid="menu-personal-center">{t('layout.personalCenter')}</span>,
      onClick: menu.goPersonalCenter,
    },
    {
      key: 'language',
      type: 'group',
      label: (
        <span className="user-menu-group">
          <GlobeIcon /> {t('layout.language')}
        </span>
      ),
      children: menu.languages.map((code) => ({
        key: `lang-${code}`,
        label: (
          <span className="user-menu-lang" data-testid={`menu-lang-${code}`}>
            {t(`common.languages.${code}`)}
            {code === menu.language && <CheckIcon />}
          </span>
        ),
        onClick: () => void menu.switchLanguage(code),
      })),
    },
    { type: 'divider' },
    {
      key: 'ui',
      icon: <SwapIcon />,
      label: (
        <span data-testid="menu-ui-toggle">
          {t(menu.uiVersion === 'NEW' ? 'layout.uiVersion.toNostalgia' : 'layout.uiVersion.toNew')}
        </span>
      ),
      onClick: () => void menu.toggleUiVersion(),
    },
    ...(menu.canLogout
      ? [
          { type: 'divider' as const },
          {
            key: 'logout',
            icon: <LogoutIcon />,
            danger: true,
            label: <span data-testid="menu-logout">{t('layout.logout')}</span>,
            onClick: () => void menu.signOut(),
          },
        ]
      : []),
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" classNames={{ root: 'user-menu' }}>
      <button
        type="button"
        className={dark ? 'user-trigger dark' : 'user-trigger'}
        data-testid="user-menu"
        aria-label={t('layout.userMenu')}
      >
        <Avatar size={32} className="user-avatar" src={menu.photo || undefined}>
          {menu.avatar}
        </Avatar>
        <span className="user-name">{menu.name}</span>
      </button>
    </Dropdown>
  );
}
