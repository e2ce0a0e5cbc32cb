import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { AppFooter } from '../../../../src/desktop/layouts/app-footer';
import { MobileFooter } from '../../../../src/mobile/layouts/mobile-footer';
import { Providers, testConfig } from '../../test-utils';

const FOOTER = {
  filing: { text: '沪ICP备12345678号-1', url: 'https://beian.miit.gov.cn/' },
  links: [{ label: 'Company site', url: 'https://lab.example.com/' }],
};

describe.each([
  ['desktop', AppFooter],
  ['phone', MobileFooter],
] as const)('the %s footer', (_shell, Footer) => {
  afterEach(() => setClientConfig(testConfig));

  it('shows the filing, linked, and the external links the operator set', () => {
    setClientConfig({ ...testConfig, footer: FOOTER });
    render(
      <Providers path="/cardModeIndex">
        <Footer />
      </Providers>,
    );
    const filing = screen.getByTestId('footer-filing');
    expect(filing.textContent).toBe('沪ICP备12345678号-1');
    expect(filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    const link = screen.getByText('Company site');
    expect(link.getAttribute('href')).toBe('https://lab.example.com/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows neither while unset', () => {
    setClientConfig({ ...testConfig, footer: { filing: null, links: [] } });
    render(
      <Providers path="/cardModeIndex">
        <Footer />
      </Providers>,
    );
    expect(screen.queryByTestId('footer-filing')).toBeNull();
    expect(screen.queryByTestId('footer-external')).toBeNull();
  });
});
