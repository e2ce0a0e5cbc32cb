import {
  type OperationLogExportRequest,
  type OperationLogOperator,
  operationLogOperatorsSchema,
  type OperationLogPage,
  type OperationLogPageRequest,
  operationLogPageSchema,
} from '../../domain/schemas/operation-logs';
import { apiClient, type DownloadedFile } from './api-client';

// Only the operation log page (its own lazy chunk) calls these.

/** POST /api/operationLog/page: a page of the organisation's changes, newest first. */
export async function getOperationLogPage(request: OperationLogPageRequest): Promise<OperationLogPage> {
  return operationLogPageSchema.parse(await apiClient().post('/operationLog/page', request));
}

/** GET /api/operationLog/operators: the administrators the list may be filtered on. */
export async function getOperationLogOperators(): Promise<OperationLogOperator[]> {
  return operationLogOperatorsSchema.parse(
    await apiClient().get('/operationLog/operators', { silent: true }),
  );
}

/** POST /api/operationLog/exportOperationLog: the filtered log as an .xlsx file. */
export async function exportOperationLog(request: OperationLogExportRequest): Promise<DownloadedFile> {
  return apiClient().download('/operationLog/exportOperationLog', request);
}
