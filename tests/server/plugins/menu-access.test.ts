import Fastify, { type FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  menuAccessPlugin,
  menuCodesOf,
  menuDeclarationProblem,
  type RouteMenu,
} from '../../../server/plugins/menu-access';
import type { Repositories } from '../../../server/repositories';

describe('menuDeclarationProblem', () => {
  it.each<[string, 'public' | 'member' | 'admin', RouteMenu | undefined]>([
    ['one page', 'admin', 'systemSetting'],
    ['several pages', 'admin', ['member', 'orgDpt']],
    ['no page, with the reason', 'admin', { none: 'every page header reads it' }],
    ['a member route of no page', 'member', undefined],
    ['a member route of its page', 'member', 'loginLog'],
    ['a public route', 'public', undefined],
  ])('accepts %s', (_name, access, menu) => {
    expect(menuDeclarationProblem(access, menu)).toBeNull();
  });

  it.each<[string, 'public' | 'member' | 'admin', RouteMenu | undefined, RegExp]>([
    ['an administrator route that names no page', 'admin', undefined, /administrator route names/],
    ['an unknown code', 'admin', 'sytemSetting', /unknown menu code sytemSetting/],
    ['an unknown code in a list', 'member', ['loginLog', 'nope'], /unknown menu code nope/],
    ['an empty list', 'admin', [], /at least one/],
    ['no page without a reason', 'admin', { none: ' ' }, /says why/],
    ['a menu on a public route', 'public', 'loginLog', /public route has no menu/],
  ])('refuses %s', (_name, access, menu, problem) => {
    expect(menuDeclarationProblem(access, menu)).toMatch(problem);
  });
});

describe('menuCodesOf', () => {
  it('gives the codes any one of which grants the route', () => {
    expect(menuCodesOf('member')).toEqual(['member']);
    expect(menuCodesOf(['member', 'orgDpt'])).toEqual(['member', 'orgDpt']);
    expect(menuCodesOf({ none: 'why' })).toEqual([]);
    expect(menuCodesOf(undefined)).toEqual([]);
  });
});

describe('menuAccessPlugin', () => {
  const appWith = async (config: FastifyContextConfig) => {
    const app = Fastify();
    await app.register(menuAccessPlugin, { repos: {} as Repositories });
    app.get('/api/thing', { config }, async () => 'ok');
    return app;
  };

  it('refuses to start with an administrator route that names no page', async () => {
    await expect(appWith({ access: 'admin' })).rejects.toThrow(
      /GET \/api\/thing: an administrator route names/,
    );
  });

  it('records every route as declared', async () => {
    const app = await appWith({ access: 'admin', menu: ['member', 'orgDpt'] });
    await app.ready();
    expect(app.routeDeclarations).toContainEqual({
      method: 'GET',
      url: '/api/thing',
      access: 'admin',
      menu: ['member', 'orgDpt'],
    });
    await app.close();
  });
});
