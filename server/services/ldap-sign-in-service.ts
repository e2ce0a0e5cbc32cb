import { newAccountRow } from '../repositories/new-account-row';
import { LOGIN_TYPES } from '../../domain/constants';
import { MOBILE_PATTERN, parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { type DomainLogin, parseDomainLogin } from '../../domain/rules/ldap';
import type { LdapAccountMatch } from '../../domain/schemas/ldap';
import { directoryFailureName } from '../core/failure-keys';
import { ApiError } from '../core/errors';
import { authenticateWithDirectory, DirectoryError, type DirectoryUser } from '../integrations/ldap';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import type { StoredLdapSetting } from '../repositories/ldap-repository';
import type { OutboundGuard } from '../security/outbound-guard';
import { type Repositories, withTransaction } from '../repositories';
import { type SignInAttempt, type SignInDeps, type SignInOutcome, signIn } from './sign-in-service';

/** The organisation a domain-account name belongs to: by its domain, or the only one with LDAP on. */
export async function findDirectory(repos: Repositories, login: DomainLogin): Promise<StoredLdapSetting> {
  if (login.domain !== null) {
    const found = await repos.ldap.findEnabledByDomain(login.domain);
    if (!found) throw new ApiError(400, 'errors.ldap.unknownDomain', { domain: login.domain });
    return found;
  }
  const enabled = await repos.ldap.listEnabled(2);
  if (enabled.length === 0) throw new ApiError(400, 'errors.ldap.notConfigured');
  if (enabled.length > 1) throw new ApiError(400, 'errors.ldap.domainRequired');
  return enabled[0];
}

/** The answer to a directory that failed for a reason other than wrong credentials. */
export function directoryFailure(error: unknown): unknown {
  if (!(error instanceof DirectoryError)) return error;
  if (error.reason === 'tls') return new ApiError(503, 'errors.ldap.tlsFailed');
  if (error.reason === 'ambiguous') return new ApiError(403, 'errors.ldap.ambiguous');
  // An address the outbound guard refuses is, to a user signing in, a directory that cannot be reached;
  // the administrator's test connection names the address and why.
  return new ApiError(503, 'errors.ldap.unavailable');
}

/** A directory's mobile number as the portal stores it (`+86 139-0000-0011` -> `13900000011`), or null. */
function directoryMobile(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
  return MOBILE_PATTERN.test(digits) ? digits : null;
}

/** A directory's mail as the portal stores it (lower case), or null when it is not an address. */
function directoryMail(value: string): string | null {
  const identifier = parseAccountIdentifier(value);
  return identifier.kind === 'email' ? identifier.value : null;
}

/** What a directory user's first sign-in does with a portal account, and which account that is. */
export interface AccountResolution {
  match: LdapAccountMatch;
  account: AccountWithOrganization | undefined;
}

/**
 * The portal account of a directory user: the one linked before; else an active account of the same
 * organisation with the directory's mail or mobile, not linked to another directory user; else a new
 * one if the setting provisions. A mail or mobile that belongs to another organisation's account is
 * refused rather than shared.
 */
export async function resolveAccount(
  repos: Repositories,
  stored: StoredLdapSetting,
  username: string,
  user: DirectoryUser,
): Promise<AccountResolution> {
  const linkedId = await repos.ldap.findLinkedAccountId(stored.orgId, username);
  if (linkedId !== undefined) {
    const linked = await repos.accounts.findWithOrganization(stored.orgId, linkedId);
    return linked && linked.status !== 'removed'
      ? { match: 'linked', account: linked }
      : { match: 'refused', account: undefined };
  }
  const names = [directoryMail(user.mail), directoryMobile(user.mobile)].filter((name) => name !== null);
  for (const name of names) {
    const existing = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
    if (!existing) continue;
    const free =
      Number(existing.org_id) === stored.orgId &&
      !(await repos.ldap.isAccountLinked(stored.orgId, existing.id));
    return free ? { match: 'matched', account: existing } : { match: 'refused', account: undefined };
  }
  return { match: stored.setting.provision ? 'provision' : 'refused', account: undefined };
}

/** Carries out a resolution: links the matched account or creates the provisioned one, in one transaction. */
async function applyResolution(
  deps: SignInDeps,
  stored: StoredLdapSetting,
  username: string,
  user: DirectoryUser,
  resolution: AccountResolution,
  now: number,
): Promise<AccountWithOrganization> {
  if (resolution.match === 'linked' && resolution.account) return resolution.account;
  if (resolution.match === 'refused') throw new ApiError(403, 'errors.ldap.noAccount');
  const accountId = await withTransaction(deps.db, async (repos) => {
    const id =
      resolution.account?.id ??
      (await repos.accounts.insert(
        newAccountRow(
          {
            orgId: stored.orgId,
            deptId: null,
            realName: (user.name || username).slice(0, 100),
            mobile: directoryMobile(user.mobile),
            email: directoryMail(user.mail),
            // No local password: a domain account signs in only through its directory.
            passwordHash: '',
            loginType: LOGIN_TYPES.ad,
            mustChangePassword: false,
          },
          now,
        ),
      ));
    await repos.ldap.link(stored.orgId, username, id, now);
    return id;
  });
  const account = await deps.repos.accounts.findWithOrganization(stored.orgId, accountId);
  if (!account) throw new ApiError(403, 'errors.ldap.noAccount');
  return account;
}

/** A domain-account sign-in: the name as typed (`user@domain`, `DOMAIN\user` or `user`) and its password. */
export type DirectorySignInAttempt = SignInAttempt;

/**
 * Domain-account sign-in (LoginType 1): finds the organisation from the typed domain, binds to its
 * directory as the user, then signs in as the linked, matched or provisioned portal account. Wrong
 * credentials and unknown directory users get the same answer and count toward the same per-name and
 * per-address limits as password sign-in; a directory that cannot be reached answers 503.
 */
export async function signInWithDirectory(
  deps: SignInDeps & { timeoutMs: number; outbound: OutboundGuard },
  attempt: DirectorySignInAttempt,
  now: number,
): Promise<SignInOutcome> {
  const login = parseDomainLogin(attempt.account);
  const stored = await findDirectory(deps.repos, login);
  const { orgId, setting } = stored;
  return signIn(deps, attempt, now, {
    name: directoryFailureName(orgId, login.username),
    captchaAfterFailures: true,
    secondFactor: true,
    underEnforcedSso: 'refused',
    async check() {
      const linkedId = await deps.repos.ldap.findLinkedAccountId(orgId, login.username);
      const linked =
        linkedId === undefined ? undefined : await deps.repos.accounts.findWithOrganization(orgId, linkedId);
      const known = linked?.status === 'removed' ? undefined : linked;
      let user: DirectoryUser;
      try {
        user = await authenticateWithDirectory(
          setting,
          login.username,
          attempt.password,
          deps.timeoutMs,
          deps.outbound,
        );
      } catch (error) {
        if (error instanceof DirectoryError && error.reason === 'invalidCredentials') {
          return { account: known, verified: false };
        }
        throw directoryFailure(error);
      }
      const resolution = await resolveAccount(deps.repos, stored, login.username, user);
      return {
        account: await applyResolution(deps, stored, login.username, user, resolution, now),
        verified: true,
      };
    },
  });
}
