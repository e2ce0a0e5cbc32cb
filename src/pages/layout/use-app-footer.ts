import { useState } from 'react';
import { getClientConfig } from '../../adapters/config-api';

/** The footer's version: the first two parts of the full version (SPEC §9: 7.15.3 -> 7.15). */
export function shortVersion(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** Footer logic: version label and the version dialog. */
export function useAppFooter() {
  const { version } = getClientConfig();
  const [dialogOpen, setDialogOpen] = useState(false);
  return {
    version,
    shortVersion: shortVersion(version),
    year: new Date().getFullYear(),
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
  };
}
