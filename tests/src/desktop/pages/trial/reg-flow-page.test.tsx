import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { RegFlowPage } from '../../../../../src/desktop/pages/trial/reg-flow-page';
import { Providers, useLanguage } from '../../../test-utils';

const SLOW = { timeout: 20_000 };

describe('desktop registration flow', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
  });

  it(
    'has the language switch of the other trial pages, and English turns the flow English',
    SLOW,
    async () => {
      render(
        <Providers path="/regFlow">
          <RegFlowPage />
        </Providers>,
      );
      const zh = catalogues['zh-CN'].trial.flow;
      const en = catalogues['en-US'].trial.flow;
      expect(screen.getByText(zh.noApplication)).toBeTruthy();
      const languages = screen.getByTestId('trial-language');
      expect(languages.textContent).toContain(catalogues['zh-CN'].common.languages['en-US']);
      fireEvent.click(screen.getByText(catalogues['zh-CN'].common.languages['en-US']));
      await waitFor(() => expect(screen.getByText(en.noApplication)).toBeTruthy());
      expect(screen.getByText(en.title)).toBeTruthy();
    },
  );

  it('leads from the brand to the login', SLOW, () => {
    render(
      <Providers path="/regFlow">
        <RegFlowPage />
      </Providers>,
    );
    fireEvent.click(screen.getByText(catalogues['zh-CN'].common.appName));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
