import { ERROR_TOAST_SECONDS } from '../../domain/constants';

/**
 * Shows a failure for 3 s (SPEC §7). antd's message module loads with the first failure, not with
 * the page.
 */
export function showError(content: string): void {
  void import('antd/es/message').then(({ default: message }) =>
    message.error({ content, duration: ERROR_TOAST_SECONDS }),
  );
}
