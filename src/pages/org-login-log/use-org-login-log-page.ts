import { useEffect, useState } from 'react';
import {
  DEFAULT_LOGIN_LOG_RANGE,
  LOGIN_LOG_RANGES,
  type LoginLogRange,
} from '../../../domain/rules/login-log';
import type { DepartmentTree } from '../../../domain/schemas/departments';
import type { LoginLogResult } from '../../../domain/schemas/login-logs';
import { getDepartmentTree } from '../../adapters/departments-api';
import { exportLoginLog, getOrgLoginLogPage } from '../../adapters/login-logs-api';
import { useKeysetLog } from '../logs/use-keyset-log';

/** The organisation log's filters: a named range or a custom window, a member keyword, department, result. */
export interface OrgLoginLogFilters {
  range: LoginLogRange;
  /** A custom window (epoch ms, both ends), instead of the range. */
  window: { from: number; to: number } | null;
  keyword: string;
  deptId?: number;
  result?: LoginLogResult;
}

const INITIAL: OrgLoginLogFilters = { range: DEFAULT_LOGIN_LOG_RANGE, window: null, keyword: '' };

/** The request body of filters, shared by the list and the export. */
export function orgFilterBody({ range, window, keyword, deptId, result }: OrgLoginLogFilters) {
  return {
    ...(window ? window : { range }),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    ...(deptId !== undefined ? { deptId } : {}),
    ...(result ? { result } : {}),
  };
}

/**
 * Organisation > Login log page logic (administrators): every member's sign-ins, filtered and paged by
 * keyset with the .xlsx export of the applied filters (useKeysetLog), and the departments to filter on.
 */
export function useOrgLoginLogPage() {
  const log = useKeysetLog({
    table: 'orgLoginLog',
    initial: INITIAL,
    body: orgFilterBody,
    loadPage: getOrgLoginLogPage,
    exportFile: exportLoginLog,
    fileName: 'login-log.xlsx',
  });
  const [departments, setDepartments] = useState<DepartmentTree>([]);

  useEffect(() => {
    getDepartmentTree().then(setDepartments, () => setDepartments([]));
  }, []);

  return { ...log, ranges: LOGIN_LOG_RANGES, departments };
}

/** What the organisation login-log views render. */
export type OrgLoginLogPageState = ReturnType<typeof useOrgLoginLogPage>;
