import {
  type ActiveUserReport,
  type ActiveUserReportRequest,
  activeUserReportSchema,
} from '../../domain/schemas/active-users';
import { apiClient } from './api-client';

// Only the active-users page (its own lazy chunk) calls this.

/**
 * POST /api/activeUserReport: DAU or MAU of the organisation over a range. Silent: the page shows a
 * refusal (a range too long) beside the range picker instead of a toast.
 */
export async function getActiveUserReport(request: ActiveUserReportRequest): Promise<ActiveUserReport> {
  return activeUserReportSchema.parse(await apiClient().post('/activeUserReport', request, { silent: true }));
}
