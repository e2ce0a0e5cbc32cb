import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { readPageSize, writePageSize } from '../../adapters/storage';

/** The page sizes a table offers (as antd's pagination does), the first the default (SPEC §9). */
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 20, 50, 100] as const;

/** A stored size if it is one of the offered sizes, else the default. */
export function offeredPageSize(stored: number | null): number {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored ?? -1) ? stored! : DEFAULT_PAGE_SIZE;
}

/**
 * A table's page size, remembered per table on this device (issue 23): `table` names the table (one name
 * per screen's table). Setting an unoffered size is ignored.
 */
export function usePageSize(table: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => offeredPageSize(readPageSize(table)));
  const choose = (next: number) => {
    const offered = offeredPageSize(next);
    if (offered !== next) return;
    writePageSize(table, next);
    setSize(next);
  };
  return [size, choose];
}
