import { useEffect, useState } from 'react';
import type { AuthorizedProduct } from '../../../domain/schemas/products';
import { getAuthorizeInfo } from '../../adapters/products-api';
import { usePlatform } from '../../platforms/platform-context';
import { useSession } from '../session/use-session';
import { useWorkTable } from './use-work-table';

/** My Apps are the licensed products, More Apps the rest, each in server order. */
export function splitApps(apps: AuthorizedProduct[]): {
  myApps: AuthorizedProduct[];
  moreApps: AuthorizedProduct[];
} {
  return {
    myApps: apps.filter((app) => app.IsAuthorized),
    moreApps: apps.filter((app) => !app.IsAuthorized),
  };
}

/** Up to two letters for a product tile: the code's first letters (ELN -> EL, STABILITY -> ST). */
export function appInitials(code: string): string {
  return code.slice(0, 2).toUpperCase();
}

/** A stable tile colour per product code, from a small palette that reads well on white. */
export function appColour(code: string): string {
  const palette = ['#2f6bff', '#00a389', '#7b5cff', '#f08c00', '#e8467c', '#0f9bd7', '#5c7cfa', '#12b886'];
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length];
}

type Status = 'loading' | 'ready' | 'failed';

/** Card-mode home logic: the products from AuthorizeInfo split into My Apps and More Apps. */
export function useHomePage() {
  const { session } = useSession();
  const platform = usePlatform();
  const [apps, setApps] = useState<AuthorizedProduct[]>([]);
  const [status, setStatus] = useState<Status>('loading');

  const [attempt, setAttempt] = useState(0);
  const language = session?.Lang;

  // Products are localised by the server: fetch again when the language changes or on retry.
  useEffect(() => {
    let live = true;
    getAuthorizeInfo(true).then(
      (value) => {
        if (!live) return;
        setApps(value);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  const reload = () => {
    setStatus('loading');
    setAttempt((value) => value + 1);
  };

  /**
   * Opens a licensed product the way the host expects (a new tab in a browser, the host's own web view
   * in DingTalk or Feishu, this web view in WeChat); unlicensed ones do nothing.
   */
  const enter = (app: AuthorizedProduct) => {
    if (app.IsAuthorized && app.WebUrl) void platform.openLink(app.WebUrl);
  };

  // My Apps and More Apps as the member arranged them (pins first, hidden apart), detail and the tour.
  const table = useWorkTable(apps, status === 'ready');

  return {
    status,
    ...table,
    enter,
    reload,
    userName: session?.AccountInfo.RealName || session?.AccountInfo.Account || '',
    orgName: session?.OrgName ?? '',
  };
}
