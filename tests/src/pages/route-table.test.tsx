import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRouteTable, type ShellRoutes } from '../../../src/pages/route-table';

function paths(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? `${prefix}(index)` : `${prefix}${route.path ?? ''}`;
    const base = route.path === '/' ? '/' : `${prefix}${route.path ?? ''}/`;
    return [here, ...paths(route.children ?? [], base)];
  });
}

const Page = () => null;
const shell = (): ShellRoutes => ({
  error: null,
  fallback: null,
  pages: {
    login: async () => Page,
    home: async () => Page,
    layout: async () => Page,
    basicInfo: async () => Page,
    noPermission: async () => Page,
    ipException: async () => Page,
    dingding: async () => Page,
    feishu: async () => Page,
    notFound: async () => Page,
  },
});

describe('createRouteTable', () => {
  it('registers the pages that exist and sends any other path to the 404 page', () => {
    expect(paths(createRouteTable(shell()))).toEqual([
      '/',
      '/(index)',
      '/login',
      '/cardModeIndex',
      '/layout',
      '/layout/(index)',
      '/layout/info',
      '/401',
      '/ipException',
      '/dingding',
      '/feishu',
      '/*',
    ]);
  });

  it("loads each route's page from the shell lazily", async () => {
    const calls: string[] = [];
    const routes = shell();
    routes.pages.login = async () => {
      calls.push('login');
      return Page;
    };
    const login = createRouteTable(routes)[0].children!.find((route) => route.path === 'login')!;
    expect(calls).toEqual([]);
    const loaded = await (login.lazy as () => Promise<{ Component: unknown }>)();
    expect(calls).toEqual(['login']);
    expect(loaded.Component).toBe(Page);
  });
});
