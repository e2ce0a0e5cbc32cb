import { describe, expect, it } from 'vitest';
import {
  oldPasswordProblems,
  passwordProblems,
  verifyProblems,
} from '../../../../src/pages/reset/reset-form';

describe('reset form checks', () => {
  const empty = { account: '', captcha: '', code: '', oldPassword: '', newPassword: '', confirmPassword: '' };

  it('names SPEC messages for a wrong mobile number or email and a malformed captcha or code', () => {
    expect(verifyProblems({ ...empty, account: '1234', captcha: 'ab' }, 1, true)).toEqual({
      account: 'errors.validation.invalidMobile',
      captcha: 'errors.captcha.format',
    });
    expect(verifyProblems({ ...empty, account: 'ada@', code: '12' }, 2, false)).toEqual({
      account: 'errors.validation.invalidEmail',
      code: 'errors.verification.codeFormat',
    });
    expect(verifyProblems({ ...empty, account: 'ada@lab.test', code: '123456' }, 2, false)).toEqual({});
  });

  it('asks the old-password way for a mobile number or email, the old password and the captcha', () => {
    expect(oldPasswordProblems(empty)).toEqual({
      account: 'errors.login.accountRequired',
      oldPassword: 'errors.password.oldRequired',
      captcha: 'errors.captcha.required',
    });
    expect(oldPasswordProblems({ ...empty, account: 'ada', oldPassword: 'x', captcha: 'KM7P' })).toEqual({
      account: 'errors.validation.invalidAccount',
    });
    expect(
      oldPasswordProblems({ ...empty, account: ' 13900000001 ', oldPassword: 'x', captcha: 'KM7P' }),
    ).toEqual({});
    expect(
      oldPasswordProblems({ ...empty, account: 'ada@lab.test', oldPassword: 'x', captcha: 'KM7P' }),
    ).toEqual({});
  });

  it('asks for both passwords and compares them as they are stored (NFKC)', () => {
    expect(passwordProblems(empty)).toEqual({ newPassword: 'errors.password.newRequired' });
    expect(passwordProblems({ ...empty, newPassword: 'x' })).toEqual({
      confirmPassword: 'errors.password.confirmRequired',
    });
    // A full-width Ａ typed by a Chinese input method is the same password as A.
    expect(passwordProblems({ ...empty, newPassword: 'Ａbc#12345', confirmPassword: 'Abc#12345' })).toEqual(
      {},
    );
  });
});
