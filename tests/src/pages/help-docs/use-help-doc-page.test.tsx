import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { getHelpDoc } from '../../../../src/adapters/portal-content-api';
import { useHelpDocPage } from '../../../../src/pages/help-docs/use-help-doc-page';
import { Providers, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/portal-content-api', () => ({ getHelpDoc: vi.fn() }));
vi.mock('../../../../src/pages/layout/use-authorised-products', () => ({ useAuthorisedProducts: () => [] }));

function Probe() {
  const page = useHelpDocPage();
  return <output data-testid="status">{page.status}</output>;
}

describe('useHelpDocPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    vi.mocked(getHelpDoc).mockReset();
  });

  it('sends a member who is not licensed for the product on to /noAuth', async () => {
    vi.mocked(getHelpDoc).mockRejectedValue(new ApiError(403, 'errors.auth.noPermission', 'forbidden'));
    render(
      <Providers path="/lims/guide/start">
        <Probe />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/noAuth'));
  });

  it('stays on a document that is only missing', async () => {
    vi.mocked(getHelpDoc).mockRejectedValue(new ApiError(404, 'errors.request.notFound', 'missing'));
    render(
      <Providers path="/lims/guide/start">
        <Probe />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('missing'));
    expect(screen.getByTestId('location').textContent).toBe('/lims/guide/start');
  });
});
