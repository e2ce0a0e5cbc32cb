import { useState } from 'react';
import type { MessageKey } from '../../../domain/i18n';
import { getClientConfig } from '../../adapters/config-api';
import { PATHS } from '../paths';

/** The footer's links to the public documents (SPEC §2 Footer), in display order. */
export const FOOTER_LINKS: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: PATHS.agreement, label: 'documents.titles.agreement' },
  { path: PATHS.privacy, label: 'documents.titles.privacy' },
  { path: PATHS.disclaimer, label: 'documents.titles.disclaimer' },
  { path: PATHS.company, label: 'documents.titles.company' },
  { path: PATHS.contact, label: 'documents.titles.contact' },
];

/** The footer's version: the first two parts of the full version (SPEC §9: 7.15.3 -> 7.15). */
export function shortVersion(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/**
 * Footer logic: version label, the version dialog, the links to the public documents, and the deployment's
 * filing information and external links (SPEC §2 Footer; each hidden while the operator has not set it).
 */
export function useAppFooter() {
  const { version, footer } = getClientConfig();
  const [dialogOpen, setDialogOpen] = useState(false);
  return {
    version,
    shortVersion: shortVersion(version),
    year: new Date().getFullYear(),
    links: FOOTER_LINKS,
    filing: footer?.filing ?? null,
    externalLinks: footer?.links ?? [],
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
  };
}
