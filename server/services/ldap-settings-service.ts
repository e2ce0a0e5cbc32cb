import { FilterParser } from 'ldapts';
import { FAILURE_WINDOW_MS, IP_FAILURE_LIMIT } from '../../domain/constants';
import { fillFilter, normaliseDomains, parseDomainLogin } from '../../domain/rules/ldap';
import type { LdapSetting, LdapTestResult } from '../../domain/schemas/ldap';
import { ApiError } from '../core/errors';
import { authenticateWithDirectory, DirectoryError } from '../integrations/ldap';
import { type OutboundGuard, OutboundRefusal, outboundRefusalError } from '../security/outbound-guard';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import type { OrgChangeContext } from './service-context';
import { directoryFailure, resolveAccount } from './ldap-sign-in-service';
import {
  type LogMessage,
  logDetails,
  logEnabled,
  logField,
  logList,
  logMessage,
  logSwitch,
} from '../../domain/rules/operation-log-content';

/** Whether any organisation signs its members in with a directory account (the sign-in page's domain tab). */
export function domainLoginOffered(db: Kysely<Database>): Promise<boolean> {
  return readRepositories(db).ldap.anyEnabled();
}

/** A setting with its domains normalised and its filter checked, as it is stored. */
export function normaliseLdapSetting(setting: LdapSetting): LdapSetting {
  if (setting.filter) {
    try {
      FilterParser.parseString(fillFilter(setting.filter, 'user', (value) => value));
    } catch {
      throw new ApiError(400, 'errors.ldap.invalidFilter');
    }
  }
  return { ...setting, domains: normaliseDomains(setting.domains) };
}

/** How the operation log describes a setting: everything an auditor needs, the CA only as present or not. */
function describe(setting: LdapSetting): LogMessage {
  return logMessage('operationLog.content.ldapSaved', {
    details: logDetails([
      logField('operationLog.words.url', setting.url),
      setting.startTls && 'StartTLS',
      setting.tlsCa && logMessage('operationLog.words.ownCa'),
      setting.tlsSkipVerify && logMessage('operationLog.words.certificateNotVerified'),
      logField('operationLog.words.userDn', setting.userDnTemplate),
      logField('operationLog.words.baseDn', setting.baseDn),
      setting.filter && logField('operationLog.words.filter', setting.filter),
      logField('operationLog.words.domains', logList(setting.domains, 'operationLog.words.none')),
      logField('operationLog.words.provisioning', logSwitch(setting.provision)),
      logEnabled(setting.enabled),
    ]),
  });
}

/** Refuses (400) a directory address the outbound guard will not connect to, before anything else. */
async function assertDirectoryAddress(setting: LdapSetting, outbound: OutboundGuard): Promise<void> {
  try {
    await outbound.assertAllowed(setting.url);
  } catch (error) {
    if (error instanceof OutboundRefusal) throw outboundRefusalError(error);
    throw error;
  }
}

/**
 * Saves an organisation's LDAP setting with its operation-log row in one transaction. A domain another
 * organisation already uses is refused: a typed domain must name one organisation. So is an address the
 * outbound guard refuses (the server itself, metadata, ...): nothing is saved.
 */
export async function saveLdapSetting(
  context: OrgChangeContext,
  input: LdapSetting,
  outbound: OutboundGuard,
): Promise<LdapSetting> {
  const { db, orgId, operator, now } = context;
  const setting = normaliseLdapSetting(input);
  await assertDirectoryAddress(setting, outbound);
  await withTransaction(db, async (repos) => {
    const taken = await repos.ldap.findDomainOwner(orgId, setting.domains);
    if (taken) throw new ApiError(409, 'errors.ldap.domainTaken', { domain: taken.domain });
    await repos.ldap.save(orgId, setting, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'systemSetting',
      content: describe(setting),
      now,
    });
  });
  return setting;
}

/**
 * The administrator's "test connection": binds with a directory user's name and password under the
 * setting as typed (saved or not) and shows the mapped identity and what a first sign-in would do with
 * a portal account, without signing anyone in or linking anything. Refused binds count toward the
 * administrator's address limit, so the test cannot be used to guess directory passwords. An address
 * the outbound guard refuses is refused before and while connecting, with the address it led to.
 */
export async function testLdapSetting(
  db: Kysely<Database>,
  orgId: number,
  input: { setting: LdapSetting; username: string; password: string; ip: string },
  directory: { timeoutMs: number; outbound: OutboundGuard },
  now: number,
): Promise<LdapTestResult> {
  const repos = readRepositories(db);
  const setting = normaliseLdapSetting(input.setting);
  await assertDirectoryAddress(setting, directory.outbound);
  const ipKey = `ip:${input.ip}`;
  const failures = await repos.authFailures.countMany([ipKey], now, FAILURE_WINDOW_MS);
  if ((failures.get(ipKey) ?? 0) >= IP_FAILURE_LIMIT) throw new ApiError(429, 'errors.login.tooManyAttempts');
  // The administrator may type the name as users do (`LAB\alice`, `alice@lab.test`); the setting is this one.
  const username = parseDomainLogin(input.username).username;
  try {
    const user = await authenticateWithDirectory(
      setting,
      username,
      input.password,
      directory.timeoutMs,
      directory.outbound,
    );
    const resolution = await resolveAccount(repos, { orgId, setting, updatedAt: now }, username, user);
    const account = resolution.account;
    return {
      ...user,
      match: resolution.match,
      account: account ? (account.email ?? account.mobile ?? '') : '',
    };
  } catch (error) {
    if (error instanceof DirectoryError && error.reason === 'invalidCredentials') {
      await repos.authFailures.increment(ipKey, now, FAILURE_WINDOW_MS);
      throw new ApiError(400, 'errors.ldap.testRefused');
    }
    if (error instanceof DirectoryError && error.cause instanceof OutboundRefusal) {
      throw outboundRefusalError(error.cause);
    }
    throw directoryFailure(error);
  }
}

/** The organisation's saved directory setting and when it was saved, or nulls when it has none. */
export async function ldapSettingOf(
  db: Kysely<Database>,
  orgId: number,
): Promise<{ setting: LdapSetting | null; updatedAt: number | null }> {
  const stored = await readRepositories(db).ldap.find(orgId);
  return { setting: stored?.setting ?? null, updatedAt: stored?.updatedAt ?? null };
}
