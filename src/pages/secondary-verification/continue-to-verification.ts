import type { NavigateFunction } from 'react-router-dom';
import type { PendingVerification } from '../../../domain/schemas/secondary-verification';
import { writePendingVerification } from '../../adapters/storage';
import { PATHS } from '../paths';

/**
 * Hands a sign-in whose password was right over to /mobileVerify, when the organisation wants a code too:
 * the challenge waits in this tab's storage (it survives a reload of the page, not the tab).
 */
export function continueToVerification(
  navigate: NavigateFunction,
  pending: PendingVerification['SecondaryVerify'],
): void {
  writePendingVerification(pending);
  navigate(PATHS.mobileVerify);
}
