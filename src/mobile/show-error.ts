import { ERROR_TOAST_SECONDS } from '../../domain/constants';

/**
 * Shows a failure for 3 s (SPEC §7). The Toast module, with antd-mobile's React 19 render, loads with the
 * first failure rather than with the page.
 */
export function showError(content: string): void {
  void import('./imperative').then(({ Toast }) =>
    Toast.show({ icon: 'fail', content, duration: ERROR_TOAST_SECONDS * 1000 }),
  );
}
