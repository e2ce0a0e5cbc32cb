import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { RegFlowPage } from '../../../../../src/mobile/pages/trial/reg-flow-page';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, useLanguage } from '../../../test-utils';

const SLOW = { timeout: 20_000 };

describe('phone registration flow', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
  });

  it('switches to the other language from its bar, as the other trial pages do', SLOW, async () => {
    render(
      <Providers platform={createBrowserPlatform('mobile')} path="/regFlow">
        <RegFlowPage />
      </Providers>,
    );
    expect(screen.getByText(catalogues['en-US'].trial.flow.noApplication)).toBeTruthy();
    const toggle = screen.getByTestId('trial-language');
    expect(toggle.textContent).toBe(catalogues['en-US'].common.languages['zh-CN']);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByText(catalogues['zh-CN'].trial.flow.noApplication)).toBeTruthy());
    expect(screen.getByTestId('trial-language').textContent).toBe(
      catalogues['zh-CN'].common.languages['en-US'],
    );
  });
});
