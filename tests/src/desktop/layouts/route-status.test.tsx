import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../../domain/i18n';
import { PageSpinner as DesktopSpinner } from '../../../../src/desktop/layouts/route-status';
import { PageSpinner as PhoneSpinner } from '../../../../src/mobile/layouts/route-status';
import { useLanguage } from '../../test-utils';

describe.each(['zh-CN', 'en-US'] as const)('the page-loading placeholder in %s', (language) => {
  it.each([
    ['desktop', DesktopSpinner],
    ['phone', PhoneSpinner],
  ] as const)('says it is loading on the %s, not a bare spinner', async (_shell, Spinner) => {
    await useLanguage(language);
    render(<Spinner />);
    const loading = translate(language, 'common.loading');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe(loading);
    expect(screen.getByText(loading)).toBeTruthy();
  });
});
