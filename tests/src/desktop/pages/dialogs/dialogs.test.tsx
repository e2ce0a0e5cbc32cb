import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { ApiError } from '../../../../../src/adapters/api-client';
import { ConfirmBox } from '../../../../../src/desktop/pages/dialogs/confirm-box';
import { SubmitModal } from '../../../../../src/desktop/pages/dialogs/submit-modal';
import { Providers, useLanguage } from '../../../test-utils';

/** A button's words, without the space antd puts between two Chinese characters. */
const words = (element: Element | null) => element?.textContent?.replace(/\s/g, '') ?? '';
const squeeze = (text: string) => text.replace(/\s/g, '');

describe.each(['zh-CN', 'en-US'] as const)('desktop dialogs in %s', (language) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('submit modal: submit, submitting while it runs, submitted, then closes after 1.5 s', async () => {
    let finish = () => {};
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <SubmitModal
          open
          title="Move"
          testId="move"
          onSubmit={() => new Promise<void>((resolve) => (finish = resolve))}
          onClose={onClose}
        >
          <p>body</p>
        </SubmitModal>
      </Providers>,
    );
    const submit = () => screen.getByTestId('move-submit');
    expect(words(submit())).toBe(squeeze(text.common.submit));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    expect(words(submit())).toBe(squeeze(text.common.submitting));
    expect(submit().className).toContain('ant-btn-loading');
    await act(async () => finish());
    expect(words(submit())).toBe(squeeze(text.common.submitted));
    expect(screen.getByTestId('move').dataset.phase).toBe('success');
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1500));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 30_000); // the first render loads antd's modal on a busy machine

  it('submit modal: shows a refusal in words and lets the user submit again', async () => {
    const onSubmit = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(409, 'errors.members.cannotRemoveSelf', 'no'))
      .mockResolvedValueOnce(undefined);
    render(
      <Providers path="/layout/member">
        <SubmitModal open title="Move" testId="move" onSubmit={onSubmit} onClose={vi.fn()} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('move-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(text.errors.members.cannotRemoveSelf);
    await waitFor(() => expect(screen.getByTestId('move-submit').hasAttribute('disabled')).toBe(false), {
      timeout: 5000,
    });
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() =>
      expect(words(screen.getByTestId('move-submit'))).toBe(squeeze(text.common.submitted)),
    );
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('submit modal: cancel closes without submitting', () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <SubmitModal open title="Move" onSubmit={onSubmit} onClose={onClose} />
      </Providers>,
    );
    fireEvent.click(
      screen.getByRole('button', { name: new RegExp(text.common.cancel.split('').join('\\s*')) }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('confirm box: the confirm button loads while the action runs, runs it once, then closes', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <ConfirmBox open title="End it?" danger testId="end" onConfirm={onConfirm} onClose={onClose} />
      </Providers>,
    );
    expect(screen.getByText('End it?')).toBeTruthy();
    const confirm = () => screen.getByTestId('end-confirm');
    expect(words(confirm())).toBe(squeeze(text.common.confirm));
    expect(confirm().className).toContain('ant-btn-dangerous');
    fireEvent.click(confirm());
    fireEvent.click(confirm());
    await waitFor(() => expect(confirm().className).toContain('ant-btn-loading'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('confirm box: a refusal stays in the box in words', async () => {
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <ConfirmBox
          open
          title="End it?"
          testId="end"
          onConfirm={async () => ({ ok: false, key: 'errors.request.tooFrequent' })}
          onClose={onClose}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('end-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe(text.errors.request.tooFrequent);
    expect(onClose).not.toHaveBeenCalled();
  });
});
