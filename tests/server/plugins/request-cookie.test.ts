import cookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCookie } from '../../../server/plugins/session-cookies';

const requestWith = (header: string | undefined) =>
  ({ raw: { headers: header === undefined ? {} : { cookie: header } } }) as unknown as FastifyRequest;

describe('requestCookie', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(cookie, { hook: false });
    await app.ready();
  });
  afterAll(() => app.close());

  const headers = [
    'uc_session=abc',
    'AccountInfo=%7B%22ID%22%3A1%7D; uc_session=tok-en_1',
    '  uc_session =  spaced\t ; other=1',
    'uc_session=first; uc_session=second',
    'xuc_session=not-it; uc_session=it',
    'uc_session_old=old; uc_session=new',
    'broken; uc_session=after-a-pair-without-equals',
    'a=1;;uc_session=after-empty;',
    'uc_session=%E4%BD%A0%E5%A5%BD',
    'uc_session=%E4%BD%A0%ZZ',
    'uc_session=',
    'uc_session="quoted"',
    'other=1',
    '=nameless; uc_session=x',
    '',
  ];

  it.each(headers)('reads the cookie as the cookie parser does from %j', (header) => {
    for (const name of ['uc_session', 'other', 'AccountInfo', 'missing']) {
      expect(requestCookie(requestWith(header), name)).toBe(app.parseCookie(header)[name]);
    }
  });

  it('answers undefined without a Cookie header', () => {
    expect(requestCookie(requestWith(undefined), 'uc_session')).toBeUndefined();
  });
});
