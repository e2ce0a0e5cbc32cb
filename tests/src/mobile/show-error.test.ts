import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The shell module, as main.tsx loads it; the first failure loads the toast with its React 19 render.
import { showError } from '../../../src/mobile/mobile-app';

describe('mobile showError', () => {
  it('shows the message in a toast on the page', async () => {
    showError('账号或密码输入错误，请重新输入');
    // the Toast module loads with the first failure: give that import time on a busy machine
    const toast = await screen.findByText('账号或密码输入错误，请重新输入', undefined, { timeout: 5000 });
    expect(toast.closest('.adm-toast-main')).toBeTruthy();
  });

  it('shows a second failure after the first', async () => {
    showError('first failure');
    await screen.findByText('first failure');
    showError('second failure');
    await waitFor(() => expect(screen.queryByText('second failure')).toBeTruthy());
  });
});
