import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../../domain/constants';
import { ApiError } from '../../adapters/api-client';
import { logout, setCurrentLanguage, setUiVersion } from '../../adapters/account-api';
import { downloadFile, goToHash, reloadPage } from '../../adapters/browser-window';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { usePlatform } from '../../platforms/platform-context';
import { helpDocPath } from '../../../domain/rules/help-docs';
import { getClientConfig } from '../../adapters/config-api';
import { APP_DOWNLOADS } from '../app-pages/app-pages';
import { PATHS } from '../paths';
import { useAuthorisedProducts } from './use-authorised-products';
import { buildSideMenu, firstAdministrationPath } from './use-side-menu';
import { modulesInForce } from '../session/modules-in-force';
import { loadMenus } from '../use-route-guard';
import { sessionStore, useSession } from '../session/use-session';

/** The letters shown in the avatar: the last two of a Chinese name, else up to two initials. */
export function avatarText(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const chinese = /[\u4e00-\u9fff]+/.exec(trimmed);
  if (chinese) return chinese[0].slice(-2);
  const words = trimmed.split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

export interface UserMenuOptions {
  /** Shows a failure (injected by the shell: antd message or antd-mobile Toast). */
  showError: (message: string) => void;
  /** Message of a failed language switch, already translated with the server's message. */
  switchFailedMessage: (message: string) => string;
}

/**
 * The user dropdown of every header: personal centre, language, app downloads, help documents per
 * authorised product, UI version toggle and sign-out (hidden inside chat hosts, SPEC §2).
 */
export function useUserMenu(options: UserMenuOptions) {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { session, menuTree, menuStatus } = useSession();
  const name = session?.AccountInfo.RealName || session?.AccountInfo.Account || '';
  const uiVersion = session?.UIVersion === 'NOSTALGIA' ? 'NOSTALGIA' : 'NEW';
  const isOrgAdmin = session?.AccountInfo.IsOrganAdmin === 1;
  const administrationPath = isOrgAdmin ? firstAdministrationPath(buildSideMenu(menuTree)) : null;
  // The card home needs no menu code, so the guard has not fetched the tree the way in is read from.
  useEffect(() => {
    if (isOrgAdmin && menuStatus === 'idle') void loadMenus();
  }, [isOrgAdmin, menuStatus]);
  const products = useAuthorisedProducts();
  const config = getClientConfig();
  const { drawToolUrl } = config;
  // The organisation may have switched app downloads off for its members (System settings > General).
  const modules = modulesInForce(config.modules, session);

  const switchLanguage = async (language: Language) => {
    if (language === currentLanguage()) return;
    try {
      await setCurrentLanguage(language);
      await changeLanguage(language);
      sessionStore.update({ Lang: language });
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
      options.showError(options.switchFailedMessage(message));
    }
  };

  /** NEW -> NOSTALGIA reloads into basic info; NOSTALGIA -> NEW goes to the card home (SPEC §2). */
  const toggleUiVersion = async () => {
    const next = uiVersion === 'NEW' ? 'NOSTALGIA' : 'NEW';
    try {
      await setUiVersion(next);
      sessionStore.update({ UIVersion: next });
      if (next === 'NOSTALGIA') {
        // set the hash synchronously: a data router commits the URL only after lazy routes load
        goToHash(PATHS.info);
        reloadPage();
      } else {
        navigate(PATHS.home);
      }
    } catch {
      // shown by the API client
    }
  };

  const signOut = async () => {
    // An SSO sign-in signs out at the identity provider too: /sso/logout ends both sessions.
    if (session?.LoginMode === 'sso') {
      navigate(PATHS.ssoLogout, { replace: true });
      return;
    }
    try {
      await logout();
    } catch {
      // the session is gone either way; leave the user signed out locally
    }
    sessionStore.clear();
    navigate(PATHS.login, { replace: true });
  };

  return {
    name,
    avatar: avatarText(name),
    /** The member's photo URL, or '' to show the avatar's letters. */
    photo: session?.AccountInfo.Photo ?? '',
    orgName: session?.OrgName ?? '',
    languages: LANGUAGES,
    language: currentLanguage(),
    uiVersion,
    canLogout: platform.canLogout,
    switchLanguage,
    toggleUiVersion,
    signOut,
    goPersonalCenter: () => navigate(PATHS.info),
    /**
     * Opens the administration at its first page the administrator may see (the desktop's one way in, issue
     * 23); null for members and while the menu tree is not known.
     */
    goAdministration: administrationPath ? () => navigate(administrationPath) : null,
    /** Whether the user administers the organisation: the phone's sheet then offers its administration pages. */
    isOrgAdmin,
    /** The app download pages (SPEC §2), while the app-download module is on; empty otherwise. */
    appDownloads: modules.appDownload ? APP_DOWNLOADS : [],
    /** A help item per authorised product, going to its default help document (SPEC §2). */
    helpDocs: products.map((product) => ({
      code: product.Code,
      name: product.PlatformName,
      path: helpDocPath(product.Code),
    })),
    /**
     * Downloads the drawing tool from its configured site instead of navigating (SPEC §2 'draw'); null
     * when the app-download module is off or no site is configured.
     */
    downloadDraw: modules.appDownload && drawToolUrl ? () => downloadFile(drawToolUrl) : null,
    /** Goes to a path of this app (an app download page, a help document). */
    goTo: (path: string) => navigate(path),
    /** Opens personal info (photo, name, mobile, email); the phone has no side menu, so its sheet offers this. */
    goPersonalInfo: () => navigate(PATHS.person),
    /** Opens the personal centre's password change; the phone has no side menu, so its sheet offers this. */
    goPassword: () => navigate(PATHS.password),
    /** Opens the user's login log; the phone has no side menu, so its sheet offers this. */
    goLoginLog: () => navigate(PATHS.loginLog),
    /** Opens the user's electronic signature; the phone has no side menu, so its sheet offers this. */
    goSignature: () => navigate(PATHS.signature),
    /**
     * Opens the organisation's system settings (domain sign-in, security verification), for its
     * administrators only; null for everyone else. The phone has no side menu, so its sheet offers this.
     */
    goSystemSettings: isOrgAdmin ? () => navigate(PATHS.systemSetting) : null,
    /** Opens the message-push screen, for administrators only; null for everyone else (the phone's sheet). */
    goMessagePush: isOrgAdmin ? () => navigate(PATHS.messagePush) : null,
  };
}
