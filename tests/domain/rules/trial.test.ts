import { describe, expect, it } from 'vitest';
import {
  TRIAL_INDUSTRIES,
  TRIAL_PRODUCTS,
  trialFormProblems,
  trialMobileProblem,
} from '../../../domain/rules/trial';

const GOOD = {
  name: 'Li Lei',
  mobilePhone: '13700000001',
  verificationCode: '123456',
  email: 'li@example.test',
  company: 'Example Pharma',
  industry: 'pharmaceutical',
  product: 'ELN',
  message: '',
  agreed: true,
};

describe('trialFormProblems', () => {
  it('offers 8 industries and the products of SPEC §3', () => {
    expect(TRIAL_INDUSTRIES).toHaveLength(8);
    expect(TRIAL_PRODUCTS).toEqual(['PM', 'ELN', 'CIMS', 'CMS', 'IM', 'MaXFlow', 'SDH', 'other']);
  });

  it('accepts a complete form with an empty message', () => {
    expect(trialFormProblems(GOOD)).toEqual({});
  });

  it.each([
    ['name', '  ', 'errors.trial.nameRequired'],
    ['name', 'x'.repeat(51), 'errors.trial.nameTooLong'],
    ['mobilePhone', '', 'errors.trial.mobileRequired'],
    ['mobilePhone', '12345678901', 'errors.validation.invalidMobile'],
    ['verificationCode', '', 'errors.verification.codeRequired'],
    ['verificationCode', '12a456', 'errors.verification.codeFormat'],
    ['email', '', 'errors.trial.emailRequired'],
    ['email', 'li@example', 'errors.trial.emailFormat'],
    ['company', '', 'errors.trial.companyRequired'],
    ['company', 'x'.repeat(101), 'errors.trial.companyTooLong'],
    ['industry', 'mining', 'errors.trial.industryRequired'],
    ['product', '', 'errors.trial.productRequired'],
    ['message', 'x'.repeat(501), 'errors.trial.messageTooLong'],
    ['agreed', false, 'errors.login.agreementRequired'],
  ])('refuses %s = %j with %s', (field, value, key) => {
    expect(trialFormProblems({ ...GOOD, [field]: value })).toEqual({ [field]: key });
  });

  it('checks a mobile number alone for the send button', () => {
    expect(trialMobileProblem(' 13700000001 ')).toBeNull();
    expect(trialMobileProblem('')).toBe('errors.trial.mobileRequired');
  });
});
