import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { ApiError } from '../../../../../src/adapters/api-client';
import { ConfirmBox } from '../../../../../src/mobile/pages/dialogs/confirm-box';
import { SubmitModal } from '../../../../../src/mobile/pages/dialogs/submit-modal';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, useLanguage } from '../../../test-utils';

const phone = createBrowserPlatform('mobile');
const button = (selector: string) => document.querySelector<HTMLButtonElement>(selector)!;

describe.each(['zh-CN', 'en-US'] as const)('phone dialogs in %s', (language) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('submit modal: submit, loading while it runs, submitted, then closes after 1.5 s', async () => {
    let finish = () => {};
    const onClose = vi.fn();
    render(
      <Providers platform={phone} path="/layout/messagePush">
        <SubmitModal
          open
          title="Send"
          testId="send"
          onSubmit={() => new Promise<void>((resolve) => (finish = resolve))}
          onClose={onClose}
        >
          <p>body</p>
        </SubmitModal>
      </Providers>,
    );
    expect(screen.getByText('body')).toBeTruthy();
    expect(button('.m-dialog-submit').textContent).toBe(text.common.submit);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button('.m-dialog-submit'));
    await act(async () => {});
    expect(screen.getByTestId('send').dataset.phase).toBe('submitting');
    expect(button('.m-dialog-submit').className).toContain('adm-button-loading');
    await act(async () => finish());
    expect(button('.m-dialog-submit').textContent).toBe(text.common.submitted);
    expect(screen.getByTestId('send').dataset.phase).toBe('success');
    act(() => vi.advanceTimersByTime(1499));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('submit modal: shows a refusal in words', async () => {
    render(
      <Providers platform={phone} path="/layout/messagePush">
        <SubmitModal
          open
          title="Send"
          onSubmit={() => Promise.reject(new ApiError(429, 'errors.request.tooFrequent', 'slow down'))}
          onClose={vi.fn()}
        />
      </Providers>,
    );
    fireEvent.click(button('.m-dialog-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(text.errors.request.tooFrequent);
  });

  it('confirm box: cancel closes without running; confirm loads, runs once and closes', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(
      <Providers platform={phone} path="/layout/messagePush">
        <ConfirmBox open content="Revoke every key?" danger onConfirm={onConfirm} onClose={onClose} />
      </Providers>,
    );
    expect(screen.getByText('Revoke every key?')).toBeTruthy();
    fireEvent.click(screen.getByText(text.common.cancel));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    onClose.mockReset();

    const confirm = button('.m-dialog-confirm');
    expect(confirm.textContent).toBe(text.common.confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(button('.m-dialog-confirm').className).toContain('adm-button-loading'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('confirm box: a refusal stays in the box in words', async () => {
    const onClose = vi.fn();
    render(
      <Providers platform={phone} path="/layout/messagePush">
        <ConfirmBox
          open
          content="Revoke every key?"
          onConfirm={async () => ({ ok: false, key: 'errors.request.tooFrequent' })}
          onClose={onClose}
        />
      </Providers>,
    );
    fireEvent.click(button('.m-dialog-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe(text.errors.request.tooFrequent);
    expect(onClose).not.toHaveBeenCalled();
  });
});
