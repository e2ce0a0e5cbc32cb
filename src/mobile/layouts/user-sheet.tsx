import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Avatar from 'antd-mobile/es/components/avatar';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useState } from 'react';
import { useUserMenu } from '../../pages/layout/use-user-menu';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import { showError } from '../show-error';

/**
 * The phone user menu: an avatar that opens an action sheet (personal centre, the administration for
 * administrators, app downloads, help documents, language, UI, sign-out).
 */
export function UserSheet() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const menu = useUserMenu({
    showError,
    switchFailedMessage: (message) => t('errors.language.switchFailed', { message }),
  });
  const [adminOpen, setAdminOpen] = useState(false);
  const run = (action: () => unknown) => () => {
    setOpen(false);
    setAdminOpen(false);
    void action();
  };

  /** The administration pages a phone has (the others are desktop screens). */
  const adminActions: Action[] = [
    ...(menu.goSystemSettings
      ? [
          {
            key: 'system-settings',
            text: <span data-testid="menu-system-setting">{t('menus.systemSetting')}</span>,
            onClick: run(menu.goSystemSettings),
          },
        ]
      : []),
    ...(menu.goMessagePush
      ? [
          {
            key: 'message-push',
            text: <span data-testid="menu-message-push">{t('menus.messagePush')}</span>,
            onClick: run(menu.goMessagePush),
          },
        ]
      : []),
  ];

  const actions: Action[] = [
    {
      key: 'personal',
      text: <span data-testid="menu-personal-center">{t('layout.personalCenter')}</span>,
      onClick: run(menu.goPersonalCenter),
    },
    {
      key: 'person',
      text: <span data-testid="menu-person">{t('menus.person')}</span>,
      onClick: run(menu.goPersonalInfo),
    },
    {
      key: 'password',
      text: <span data-testid="menu-password">{t('menus.password')}</span>,
      onClick: run(menu.goPassword),
    },
    {
      key: 'login-log',
      text: <span data-testid="menu-login-log">{t('menus.loginLog')}</span>,
      onClick: run(menu.goLoginLog),
    },
    {
      key: 'signature',
      text: <span data-testid="menu-signature">{t('menus.signature')}</span>,
      onClick: run(menu.goSignature),
    },
    // An administrator's one way into the administration (issue 23): its phone pages in a second sheet.
    ...(adminActions.length > 0
      ? [
          {
            key: 'administration',
            text: <span data-testid="menu-administration">{t('layout.administration')}</span>,
            onClick: () => {
              setOpen(false);
              setAdminOpen(true);
            },
          },
        ]
      : []),
    ...(menu.appDownloads.length > 0
      ? [
          {
            key: 'apps',
            text: <span data-testid="menu-app-downloads">{t('layout.appDownloads')}</span>,
            onClick: run(() => menu.goTo(PATHS.app)),
          },
        ]
      : []),
    // The drawing tool downloads from its configured site (SPEC §2 'draw').
    ...(menu.downloadDraw
      ? [
          {
            key: 'app-draw',
            text: <span data-testid="menu-app-draw">{t('layout.apps.draw')}</span>,
            onClick: run(menu.downloadDraw),
          },
        ]
      : []),
    // One entry: the first product's help lists the help of the user's other products.
    ...(menu.helpDocs.length > 0
      ? [
          {
            key: 'help',
            text: <span data-testid="menu-help-docs">{t('layout.helpDocs')}</span>,
            onClick: run(() => menu.goTo(menu.helpDocs[0].path)),
          },
        ]
      : []),
    ...menu.languages.map((code) => ({
      key: `lang-${code}`,
      text: (
        <span data-testid={`menu-lang-${code}`}>
          {t(`common.languages.${code}`)}
          {code === menu.language ? ' ✓' : ''}
        </span>
      ),
      onClick: run(() => menu.switchLanguage(code)),
    })),
    {
      key: 'ui',
      text: (
        <span data-testid="menu-ui-toggle">
          {t(menu.uiVersion === 'NEW' ? 'layout.uiVersion.toNostalgia' : 'layout.uiVersion.toNew')}
        </span>
      ),
      onClick: run(menu.toggleUiVersion),
    },
    ...(menu.canLogout
      ? [
          {
            key: 'logout',
            danger: true,
            text: <span data-testid="menu-logout">{t('layout.logout')}</span>,
            onClick: run(menu.signOut),
          },
        ]
      : []),
  ];

  return (
    <>
      <button
        type="button"
        className="m-user-trigger"
        data-testid="user-menu"
        aria-label={t('layout.userMenu')}
        onClick={() => setOpen(true)}
      >
        <Avatar
          src={menu.photo}
          fallback={<span className="m-avatar-text">{menu.avatar}</span>}
          className="m-avatar"
        />
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        actions={actions}
        extra={
          <div className="m-sheet-who">
            <strong>{menu.name}</strong>
            <span>{menu.orgName}</span>
          </div>
        }
        cancelText={t('common.cancel')}
      />
      <ActionSheet
        visible={adminOpen}
        onClose={() => setAdminOpen(false)}
        actions={adminActions}
        extra={<strong data-testid="admin-sheet">{t('layout.administration')}</strong>}
        cancelText={t('common.cancel')}
      />
    </>
  );
}
