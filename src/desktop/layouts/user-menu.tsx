import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useUserMenu } from '../../pages/layout/use-user-menu';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import './product-menu.css';
import {
  CheckIcon,
  GlobeIcon,
  HelpIcon,
  LogoutIcon,
  PhoneIcon,
  SettingsIcon,
  SwapIcon,
  UserIcon,
} from '../icons';
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
      // The portrait and name lead to the personal centre (SPEC §2).
      key: 'who',
      label: (
        <div className="user-menu-who" data-testid="menu-portrait">
          <Avatar size={36} className="user-avatar" src={menu.photo || undefined}>
            {menu.avatar}
          </Avatar>
          <span className="user-menu-who-text">
            <strong>{menu.name}</strong>
            <span>{menu.orgName}</span>
          </span>
        </div>
      ),
      onClick: menu.goPersonalCenter,
    },
    { type: 'divider' },
    {
      key: 'personal',
      icon: <UserIcon />,
      label: <span data-testid="menu-personal-center">{t('layout.personalCenter')}</span>,
      onClick: menu.goPersonalCenter,
    },
    // An administrator's one way into the administration (issue 23); the work table's tour points here.
    ...(menu.goAdministration
      ? [
          {
            key: 'administration',
            icon: <SettingsIcon />,
            label: <span data-testid="menu-administration">{t('layout.administration')}</span>,
            onClick: menu.goAdministration,
          },
        ]
      : []),
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
    ...(menu.appDownloads.length > 0
      ? [
          {
            key: 'apps',
            icon: <PhoneIcon />,
            label: <span data-testid="menu-app-downloads">{t('layout.appDownloads')}</span>,
            popupClassName: 'user-menu',
            children: [
              ...menu.appDownloads.map((app) => ({
                key: `app-${app.key}`,
                label: <span data-testid={`menu-app-${app.key}`}>{t(app.label)}</span>,
                onClick: () => menu.goTo(app.path),
              })),
              // The drawing tool downloads from its configured site instead of opening a page (SPEC §2).
              ...(menu.downloadDraw
                ? [
                    {
                      key: 'app-draw',
                      label: <span data-testid="menu-app-draw">{t('layout.apps.draw')}</span>,
                      onClick: menu.downloadDraw,
                    },
                  ]
                : []),
            ],
          },
        ]
      : []),
    ...(menu.helpDocs.length > 0
      ? [
          {
            key: 'help',
            icon: <HelpIcon />,
            label: <span data-testid="menu-help-docs">{t('layout.helpDocs')}</span>,
            popupClassName: 'user-menu',
            children: menu.helpDocs.map((doc) => ({
              key: `help-${doc.code}`,
              label: <span data-testid={`menu-help-${doc.code}`}>{doc.name}</span>,
              onClick: () => menu.goTo(doc.path),
            })),
          },
        ]
      : []),
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
    <Dropdown
      menu={{ items, triggerSubMenuAction: 'click' }}
      trigger={['click']}
      placement="bottomRight"
      classNames={{ root: 'user-menu' }}
    >
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
