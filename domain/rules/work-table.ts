/** A product as the work table arranges it: its code and whether the member is licensed for it. */
export interface WorkTableApp {
  Code: string;
  IsAuthorized: boolean;
}

/** A member's own setting of one product. */
export interface WorkTableSetting {
  Pinned: boolean;
  Hidden: boolean;
}

/**
 * The work table (SPEC §2): My Apps are the licensed products, More Apps the rest; within each, the
 * member's pinned products come first, the rest keep the server's order; hidden ones are set apart (in
 * the server's order) so they can be shown again.
 */
export function arrangeWorkTable<T extends WorkTableApp>(
  apps: readonly T[],
  settings: ReadonlyMap<string, WorkTableSetting>,
): { myApps: T[]; moreApps: T[]; hidden: T[] } {
  const shown = apps.filter((app) => !settings.get(app.Code)?.Hidden);
  const pinnedFirst = (list: T[]) => [
    ...list.filter((app) => settings.get(app.Code)?.Pinned),
    ...list.filter((app) => !settings.get(app.Code)?.Pinned),
  ];
  return {
    myApps: pinnedFirst(shown.filter((app) => app.IsAuthorized)),
    moreApps: pinnedFirst(shown.filter((app) => !app.IsAuthorized)),
    hidden: apps.filter((app) => settings.get(app.Code)?.Hidden),
  };
}

/** The steps of the work table's one-time guided tour, in order. */
export const WORK_TABLE_TOUR_STEPS = ['myApps', 'moreApps', 'actions'] as const;
export type WorkTableTourStep = (typeof WORK_TABLE_TOUR_STEPS)[number] | 'administration';

/**
 * The tour a user gets: an organisation administrator's ends with the one step that shows where the
 * administration opens (the user menu), which nothing else on the work table leads to (issue 23).
 */
export function workTableTourSteps(isOrgAdmin: boolean): readonly WorkTableTourStep[] {
  return isOrgAdmin ? [...WORK_TABLE_TOUR_STEPS, 'administration'] : WORK_TABLE_TOUR_STEPS;
}
