import { ERROR_TOAST_SECONDS } from '../../domain/constants';

/** Shows a failure for 3 s (SPEC §7); the Toast module loads with the first failure. */
export function showError(content: string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) =>
    Toast.show({ icon: 'fail', content, duration: ERROR_TOAST_SECONDS * 1000 }),
  );
}
