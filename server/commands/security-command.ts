import { SECONDARY_VERIFICATION_MODES } from '../../domain/constants';
import { translate } from '../../domain/i18n';
import {
  CHARACTER_CLASSES,
  describePolicy,
  type PasswordPolicy,
  parseExpiry,
  recommendedMinLength,
} from '../../domain/rules/password-policy';
import { nistPolicyAdvice } from '../../domain/rules/password-policy-advice';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { PasswordPolicyError, updatePasswordPolicy } from '../services/password-policy-service';
import { saveSecondaryVerificationMode } from '../services/secondary-verification-service';
import {
  defineCommand,
  listOption,
  type OptionValues,
  requiredOption,
  unchanged,
  usageError,
} from './command';

/** A whole-number option, or undefined when it is absent. */
function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw usageError(`--${name} must be a whole number`);
  return Number(value);
}

const PASSWORD_POLICY_OPTIONS = {
  org: { type: 'string' },
  'min-length': { type: 'string' },
  'max-length': { type: 'string' },
  require: { type: 'string' },
  expiry: { type: 'string' },
  history: { type: 'string' },
  'lock-after': { type: 'string' },
} as const;

/** The settings `org:password-policy` was asked to change; the others stay as they are. */
function passwordPolicyChanges(
  values: OptionValues<typeof PASSWORD_POLICY_OPTIONS>,
): Partial<PasswordPolicy> {
  const classes = values.require;
  const requiredClasses =
    classes === undefined
      ? undefined
      : listOption(classes === 'none' ? '' : classes).map((name) => {
          const known = CHARACTER_CLASSES.find((characterClass) => characterClass === name);
          if (!known) throw usageError(`--require takes ${CHARACTER_CLASSES.join(', ')} or none`);
          return known;
        });
  const expiry = values.expiry === undefined ? undefined : parseExpiry(values.expiry);
  if (expiry === null) throw usageError('--expiry takes never, 10m, 30m, 1h, 24h or <n>months (1-120)');
  return {
    minLength: integer(values['min-length'], 'min-length'),
    maxLength: integer(values['max-length'], 'max-length'),
    requiredClasses,
    expiry,
    historyDepth: integer(values.history, 'history'),
    lockAfter: integer(values['lock-after'], 'lock-after'),
  };
}

export const SECURITY_COMMANDS = [
  defineCommand({
    name: 'org:password-policy',
    usage: `  org:password-policy --org <id> [--min-length N] [--max-length N]
               [--require upper,lower,digit,symbol,letter | --require none]
               [--expiry never|10m|30m|1h|24h|<n>months] [--history N] [--lock-after N]
                                              show or change an organisation's password policy, with
                                              what NIST recommends beside a weaker choice`,
    options: PASSWORD_POLICY_OPTIONS,
    async run({ db, now }, { values }) {
      const orgId = Number(requiredOption(values.org, 'org'));
      const changes = passwordPolicyChanges(values);
      try {
        // Without a setting to change it only shows the policy, and logs nothing.
        const policy = Object.values(changes).every((value) => value === undefined)
          ? await readRepositories(db).passwordPolicies.find(orgId)
          : await updatePasswordPolicy({ db, orgId, operator: CLI_OPERATOR, now }, changes);
        // As the policy screen does: what NIST SP 800-63B-4 recommends beside each weaker choice.
        const { mode } = await readRepositories(db).secondaryVerification.findMode(orgId);
        const advice = nistPolicyAdvice(policy, recommendedMinLength(mode));
        return [
          `password policy of organisation ${orgId}: ${describePolicy(policy)}`,
          ...advice.map(({ key, params }) => translate('en-US', key, params)),
        ];
      } catch (error) {
        if (error instanceof PasswordPolicyError) throw unchanged(error.message);
        throw error;
      }
    },
  }),
  defineCommand({
    name: 'org:secondary-verification',
    usage: `  org:secondary-verification --org <id> [--mode off|new-device|always]
                                              show or set the security verification at sign-in (a code to
                                              the phone or email after the password)`,
    options: { org: { type: 'string' }, mode: { type: 'string' } },
    async run({ db, now }, { values }) {
      const orgId = Number(requiredOption(values.org, 'org'));
      const repos = readRepositories(db);
      if (values.mode !== undefined) {
        const mode = SECONDARY_VERIFICATION_MODES.find((known) => known === values.mode);
        if (!mode) throw usageError(`--mode takes ${SECONDARY_VERIFICATION_MODES.join(', ')}`);
        await saveSecondaryVerificationMode({ db, orgId, operator: CLI_OPERATOR, now }, mode);
      } else if (!(await repos.organizations.findById(orgId))) {
        throw new Error(`No organisation with id ${orgId}`);
      }
      const { mode } = await repos.secondaryVerification.findMode(orgId);
      return [`security verification at sign-in of organisation ${orgId}: ${mode}`];
    },
  }),
];
