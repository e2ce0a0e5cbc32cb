import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform } from '../../../src/platforms/browser';

describe('browser adapter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a product in a new tab without a handle on this page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await createBrowserPlatform('desktop').openLink('https://eln.example/');
    expect(open).toHaveBeenCalledWith('https://eln.example/', '_blank', 'noopener,noreferrer');
  });

  it('has no sign-in code and sets only the document title', async () => {
    const browser = createBrowserPlatform('mobile');
    await expect(browser.getAuthCode({})).rejects.toMatchObject({ key: 'errors.env.noAuthCode' });
    await browser.setTitle('Account Centre');
    expect(document.title).toBe('Account Centre');
  });
});
