import type { Kysely } from 'kysely';
import {
  CODE_TYPES,
  type Deployment,
  knownLanguage,
  LOGIN_TYPES,
  RESET_TOKEN_TTL_MS,
} from '../../domain/constants';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import type { PasswordPolicy } from '../../domain/rules/password-policy';
import { type CodeType, offeredCodeTypes } from '../../domain/rules/password-reset';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeChannel, CodeSenders } from '../integrations/code-senders';
import { readRepositories, withTransaction } from '../repositories';
import { hashToken, newSessionToken } from '../security/tokens';
import { checkCaptcha } from './captcha-service';
import { orgAllowsSelfReset } from './org-config-service';
import { setNewPassword } from './password-change-service';
import { OLD_PASSWORD_CHANNEL } from './reset-by-old-password';
import { accountFailureKeys } from '../core/failure-keys';
import { issueCode, verifyCode } from './verification-code-service';
import { type LogKey, logMessage } from '../../domain/rules/operation-log-content';

/** What the reset service works with. */
export interface PasswordResetDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  deployment: Deployment;
  /** Told about a code that could not be delivered; the answer had already been sent. */
  onDeliveryFailure: (error: unknown, channel: CodeChannel) => void;
}

const CHANNELS: Record<CodeType, CodeChannel> = { [CODE_TYPES.phone]: 'sms', [CODE_TYPES.email]: 'email' };

/** The operation log's words for a reset, by how the account proved itself (the reset token's channel). */
const RESET_LOG_KEYS: Record<string, LogKey> = {
  sms: 'operationLog.content.passwordResetBySms',
  email: 'operationLog.content.passwordResetByEmail',
  [OLD_PASSWORD_CHANNEL]: 'operationLog.content.passwordResetByOldPassword',
};

/** The recovery ways this deployment offers (email only in a project deployment, SPEC §5). */
export function offeredResetCodeTypes(deps: Pick<PasswordResetDeps, 'senders' | 'deployment'>): CodeType[] {
  return offeredCodeTypes(deps.deployment, {
    sms: deps.senders.sms !== null,
    email: deps.senders.email !== null,
  });
}

/**
 * Step 1 of the reset wizard, the send button: checks (and uses up) the captcha, then issues a reset code
 * for the account name within the send limits. The answer is the same whether or not the name has an
 * account, after the same database work; only a real account's code is delivered, in the background, so
 * a slow mail server does not show in the answer's timing either. A member of an organisation that turned
 * the reset module off (System settings > General) is answered the same and sent nothing.
 */
export async function sendResetCode(
  deps: PasswordResetDeps,
  request: { account: string; codeType: CodeType; captchaId: string; captcha: string; ip: string },
  now: number,
): Promise<void> {
  const channel = CHANNELS[request.codeType];
  if (!offeredResetCodeTypes(deps).includes(request.codeType)) {
    throw new ApiError(400, 'errors.verification.channelUnavailable');
  }
  const recipient = parseAccountIdentifier(request.account).value;
  await checkCaptcha(deps.db, { id: request.captchaId, answer: request.captcha }, now);

  const { code, account } = await withTransaction(deps.db, async (tx) => {
    const named = await tx.accounts.findByIdentifier(parseAccountIdentifier(recipient));
    const found = named && (await orgAllowsSelfReset(tx, Number(named.org_id))) ? named : undefined;
    const issued = await issueCode(
      tx,
      {
        purpose: 'reset',
        recipient,
        account: found ? { orgId: Number(found.org_id), accountId: Number(found.id) } : null,
        ip: request.ip,
      },
      now,
    );
    return { code: issued, account: found };
  });
  if (!account) return;
  const sender = deps.senders[channel]!;
  void sender
    .send({ recipient, template: 'reset-password', code, language: knownLanguage(account.lang) })
    .catch((error: unknown) => deps.onDeliveryFailure(error, channel));
}

/**
 * Step 1 of the reset wizard, next: checks the code sent to the account name and, when it is right,
 * answers a single-use token that allows setting a new password within RESET_TOKEN_TTL_MS, with the
 * password policy of the account's organisation.
 */
export async function verifyResetCode(
  deps: Pick<PasswordResetDeps, 'db'>,
  request: { account: string; code: string },
  now: number,
): Promise<{ token: string; expiresAt: number; policy: PasswordPolicy }> {
  const identifier = parseAccountIdentifier(request.account);
  const verified = await verifyCode(
    deps.db,
    { purpose: 'reset', recipient: identifier.value, code: request.code },
    now,
  );
  const repos = readRepositories(deps.db);
  const account = await repos.accounts.findById(verified.orgId, verified.accountId);
  // Removed since the code was sent: the code is as good as expired.
  if (!account || account.status === 'removed') throw new ApiError(400, 'errors.verification.codeExpired');
  // The code proved the mailbox or phone, so saying so reveals nothing: the directory owns this password.
  if (account.login_type === LOGIN_TYPES.ad) throw new ApiError(400, 'errors.ldap.notDirectoryAccount');
  // Turned off by the organisation since the code was sent: the code proved the owner, so say why.
  if (!(await orgAllowsSelfReset(repos, verified.orgId))) {
    throw new ApiError(400, 'errors.orgConfig.resetOff');
  }
  const token = newSessionToken();
  const expiresAt = now + RESET_TOKEN_TTL_MS;
  await repos.resetTokens.insert({
    tokenHash: hashToken(token),
    orgId: verified.orgId,
    accountId: verified.accountId,
    channel: identifier.kind === 'mobile' ? 'sms' : 'email',
    now,
    expiresAt,
  });
  return { token, expiresAt, policy: await repos.passwordPolicies.find(verified.orgId) };
}

/**
 * Step 2 of the reset wizard: sets the new password of the account a reset token was given for. The token
 * is claimed first, so it works once even when two requests race; a password the policy refuses gives it
 * back, so the user can choose another. After the change: every session of the account ended and its
 * other reset tokens with them (setNewPassword ends the sessions), the lock of too many wrong passwords
 * lifted and its failure counters forgotten (proving the mailbox or phone is how a locked-out user gets
 * back in), and an operation-log row naming the account.
 */
export async function resetPassword(
  deps: Pick<PasswordResetDeps, 'db'>,
  request: { token: string; newPassword: string; confirmPassword: string },
  now: number,
): Promise<void> {
  const tokenHash = hashToken(request.token);
  const repos = readRepositories(deps.db);
  const grant = await repos.resetTokens.claim(tokenHash, now);
  if (!grant) throw new ApiError(400, 'errors.reset.tokenInvalid');
  try {
    await setNewPassword(
      { db: deps.db },
      {
        orgId: grant.orgId,
        accountId: grant.accountId,
        newPassword: request.newPassword,
        confirmPassword: request.confirmPassword,
      },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      await repos.resetTokens.release(tokenHash, now);
    }
    throw error;
  }
  await withTransaction(deps.db, async (tx) => {
    const account = await tx.accounts.findById(grant.orgId, grant.accountId);
    if (!account) return;
    await tx.accounts.unlock(grant.orgId, grant.accountId, now);
    await tx.authFailures.clear(...accountFailureKeys(account));
    await tx.resetTokens.revokeAllForAccount(grant.orgId, grant.accountId, now);
    await tx.operationLogs.insert({
      orgId: grant.orgId,
      operatorId: grant.accountId,
      operatorName: account.real_name,
      module: 'account',
      content: logMessage(RESET_LOG_KEYS[grant.channel] ?? 'operationLog.content.passwordResetByEmail', {
        account: account.email ?? account.mobile ?? `#${account.id}`,
      }),
      now,
    });
  });
}
