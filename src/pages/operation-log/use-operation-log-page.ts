import { useEffect, useState } from 'react';
import {
  DEFAULT_LOGIN_LOG_RANGE,
  LOGIN_LOG_RANGES,
  type LoginLogRange,
} from '../../../domain/rules/login-log';
import type { OperationLogOperator } from '../../../domain/schemas/operation-logs';
import {
  exportOperationLog,
  getOperationLogOperators,
  getOperationLogPage,
} from '../../adapters/operation-logs-api';
import { useKeysetLog } from '../logs/use-keyset-log';

/** The list's filters: a named range or a custom window, a module, an operator and a keyword. */
export interface OperationLogFilters {
  range: LoginLogRange;
  /** A custom window (epoch ms, both ends), instead of the range. */
  window: { from: number; to: number } | null;
  module?: string;
  operator?: number | 'cli';
  keyword: string;
}

const INITIAL: OperationLogFilters = { range: DEFAULT_LOGIN_LOG_RANGE, window: null, keyword: '' };

/** The request body of filters. */
export function filterBody(filters: OperationLogFilters) {
  const { range, window, module, operator, keyword } = filters;
  return {
    ...(window ? window : { range }),
    ...(module ? { module } : {}),
    ...(operator !== undefined ? { operator } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
}

/**
 * Operation log page logic: filtered and paged by keyset with the .xlsx export of the applied filters
 * (useKeysetLog), and the operators to filter on.
 */
export function useOperationLogPage() {
  const log = useKeysetLog({
    table: 'operationLog',
    initial: INITIAL,
    body: filterBody,
    loadPage: getOperationLogPage,
    exportFile: exportOperationLog,
    fileName: 'operation-log.xlsx',
  });
  const [operators, setOperators] = useState<OperationLogOperator[]>([]);

  useEffect(() => {
    getOperationLogOperators().then(setOperators, () => setOperators([]));
  }, []);

  return { ...log, ranges: LOGIN_LOG_RANGES, operators };
}
