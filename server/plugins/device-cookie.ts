import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, SECOND_MS } from '../../domain/constants';
import { cookieName, requestCookie } from './session';

/**
 * The HttpOnly cookie that tells this browser apart at sign-in: a random id, stored by the server only as
 * a hash per account that signed in with it, so the security verification can ask for a code on a device
 * an account has not used. It identifies nothing on its own and is not a credential.
 */
export const DEVICE_COOKIE = 'uc_device';

/** Browsers cap a cookie's lifetime at 400 days: the device is remembered that long after its last sign-in. */
const DEVICE_COOKIE_MAX_AGE_S = (400 * DAY_MS) / SECOND_MS;

const DEVICE_ID_PATTERN = /^[\w-]{43}$/;

/** The request's device id, or a new one when it has none (or one that is not ours). */
export function deviceIdOf(request: FastifyRequest): string {
  const value = requestCookie(request, cookieName(request, DEVICE_COOKIE));
  return value && DEVICE_ID_PATTERN.test(value) ? value : randomBytes(32).toString('base64url');
}

/** Sets (or renews) the device cookie: HttpOnly, SameSite=Lax, Path=/, Secure behind TLS. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  reply.setCookie(cookieName(request, DEVICE_COOKIE), deviceId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.overTls,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
