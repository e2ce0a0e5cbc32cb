import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CODES } from '../../../../domain/constants';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import { getAuthorizeInfo } from '../../../../src/adapters/products-api';
import { clearAuthorisedProductsCache } from '../../../../src/pages/layout/use-authorised-products';
import { useProductMenu } from '../../../../src/pages/layout/use-product-menu';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn() }));

const products: AuthorizedProduct[] = PRODUCT_CODES.map((code, index) => ({
  ID: index + 1,
  Code: code,
  PlatformName: code,
  Introduction: '',
  IsAuthorized: code !== 'SDH',
  WebUrl: `https://${code.toLowerCase()}.example.test/`,
}));

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

function renderMenu() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers platform={createBrowserPlatform('desktop')} path="/cardModeIndex">
      {children}
    </Providers>
  );
  return renderHook(() => useProductMenu(), { wrapper });
}

const codes = (list: AuthorizedProduct[]) => list.map((product) => product.Code);

describe('useProductMenu', () => {
  beforeEach(() => {
    clearAuthorisedProductsCache();
    vi.mocked(getAuthorizeInfo).mockReset().mockResolvedValue(products);
  });

  it('shows the authorised products the width allows in Chinese and follows the window as it is resized', async () => {
    await useLanguage('zh-CN');
    sessionStore.signIn(testSession({ Lang: 'zh-CN' }));
    resizeTo(1280);
    const { result } = renderMenu();
    await waitFor(() => expect(result.current.shown).toHaveLength(7));
    expect(result.current.more).toEqual([]);
    expect(codes(result.current.shown)).not.toContain('SDH');
    resizeTo(1000);
    expect(result.current.shown).toHaveLength(7);
    expect(getAuthorizeInfo).toHaveBeenCalledTimes(1);
  });

  it('puts English names past the width under More, fewer as the window narrows', async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession({ Lang: 'en-US' }));
    resizeTo(1440);
    const { result } = renderMenu();
    await waitFor(() => expect(result.current.shown).toHaveLength(5));
    expect(codes(result.current.more)).toEqual(['STABILITY', 'MOLSIM']);
    resizeTo(1280);
    expect(codes(result.current.shown)).toEqual(['ELN', 'CIMS', 'LIMS', 'PM']);
    expect(codes(result.current.more)).toEqual(['IM', 'STABILITY', 'MOLSIM']);
    resizeTo(1920);
    expect(result.current.shown).toHaveLength(7);
    expect(result.current.more).toEqual([]);
  });

  it('shows nothing when the products cannot be loaded', async () => {
    vi.mocked(getAuthorizeInfo).mockRejectedValue(new Error('offline'));
    await useLanguage('en-US');
    sessionStore.signIn(testSession({ Lang: 'en-US' }));
    const { result } = renderMenu();
    await waitFor(() => expect(getAuthorizeInfo).toHaveBeenCalled());
    expect(result.current.shown).toEqual([]);
  });
});
