import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary, useCaughtRouteError } from '../../../src/pages/route-error-boundary';

function ErrorView() {
  const error = useCaughtRouteError();
  return <p>failed: {error instanceof Error ? error.message : String(error)}</p>;
}

function Page({ broken }: { broken: boolean }) {
  if (broken) throw new Error('chunk gone');
  return <p>the page</p>;
}

describe('RouteErrorBoundary', () => {
  it('shows the error view with the caught error instead of a blank screen, until the path changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary fallback={<ErrorView />}>
          <Page broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();

    // The same path still shows the error; another path renders the page again.
    rerender(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary fallback={<ErrorView />}>
          <Page broken={false} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();
  });

  it('forgets the error when the user goes to another path', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Switchable() {
      if (broken) throw new Error('render failed');
      return <p>the other page</p>;
    }
    function Link() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/second')}>
          elsewhere
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/first']}>
        <Link />
        <RouteErrorBoundary fallback={<ErrorView />}>
          <Switchable />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('failed: render failed')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByText('elsewhere'));
    expect(await screen.findByText('the other page')).toBeTruthy();
  });
});
