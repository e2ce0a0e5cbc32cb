import { useEffect, useMemo, useRef, useState } from 'react';
import {
  arrangeWorkTable,
  type WorkTableSetting,
  workTableTourSteps,
} from '../../../domain/rules/work-table';
import type { AuthorizedProduct } from '../../../domain/schemas/products';
import { setGuided } from '../../adapters/personal-api';
import { getAllWebUrls, getAppSettings, saveAppSetting } from '../../adapters/work-table-api';
import { useOverlayTurn } from '../layout/overlay-turns';
import { sessionStore, useSession } from '../session/use-session';

/** The product the detail dialog shows, with where it lives ('' when no address is set). */
export interface AppDetail {
  app: AuthorizedProduct;
  url: string;
}

const OFF: WorkTableSetting = { Pinned: false, Hidden: false };

/**
 * The work table's actions beside enter (SPEC §2): detail (name, description, address, also for products
 * not licensed, through Platform/WebUrls?isAll), the member's own settings (pin to the top, hide, show
 * again) and the one-time guided tour, recorded with Account/SetGuided/Home.
 */
export function useWorkTable(apps: AuthorizedProduct[], ready: boolean) {
  const { session } = useSession();
  const [settings, setSettings] = useState<ReadonlyMap<string, WorkTableSetting>>(new Map());
  const [detail, setDetail] = useState<AppDetail | null>(null);
  const [tourClosed, setTourClosed] = useState(false);
  /** The member's settings arrived: the tour waits for them, so it never opens over a page that failed. */
  const [loaded, setLoaded] = useState(false);
  const urls = useRef<Promise<Map<string, string>> | null>(null);

  useEffect(() => {
    let live = true;
    getAppSettings().then(
      (list) => {
        if (!live) return;
        setSettings(new Map(list.map((s) => [s.Code, { Pinned: s.Pinned, Hidden: s.Hidden }])));
        setLoaded(true);
      },
      () => undefined, // no settings: the server's order, nothing hidden, no tour
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (app: AuthorizedProduct, patch: Partial<WorkTableSetting>): Promise<boolean> => {
    const before = settings.get(app.Code) ?? OFF;
    const after = { ...before, ...patch };
    setSettings((previous) => new Map(previous).set(app.Code, after));
    try {
      await saveAppSetting(app.Code, after);
      return true;
    } catch {
      setSettings((previous) => new Map(previous).set(app.Code, before));
      return false;
    }
  };

  const openDetail = async (app: AuthorizedProduct) => {
    setDetail({ app, url: app.WebUrl });
    if (app.WebUrl) return;
    urls.current ??= getAllWebUrls().then((list) => new Map(list.map((u) => [u.Code, u.WebUrl])));
    const url = (await urls.current.catch(() => new Map<string, string>())).get(app.Code) ?? '';
    setDetail((current) => (current?.app.Code === app.Code ? { app, url } : current));
  };

  const finishTour = () => {
    setTourClosed(true);
    sessionStore.update({ IsHomeGuided: true });
    void setGuided('Home').catch(() => undefined);
  };

  // After the security notice, before the personal centre's bubble: one overlay at a time.
  const tourOpen = useOverlayTurn(
    'homeTour',
    ready && loaded && !tourClosed && session !== null && !session.IsHomeGuided,
  );
  const arranged = useMemo(() => arrangeWorkTable(apps, settings), [apps, settings]);
  return {
    ...arranged,
    isPinned: (app: AuthorizedProduct) => settings.get(app.Code)?.Pinned ?? false,
    pin: (app: AuthorizedProduct, on: boolean) => change(app, { Pinned: on }),
    hide: (app: AuthorizedProduct, on: boolean) => change(app, { Hidden: on }),
    detail,
    openDetail: (app: AuthorizedProduct) => void openDetail(app),
    closeDetail: () => setDetail(null),
    tourOpen,
    /** The tour's steps: an administrator's ends by pointing at the way into the administration. */
    tourSteps: workTableTourSteps(session?.AccountInfo.IsOrganAdmin === 1),
    finishTour,
  };
}

export type WorkTable = ReturnType<typeof useWorkTable>;
