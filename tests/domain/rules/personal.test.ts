import { describe, expect, it } from 'vitest';
import { contactChangeProblem, normaliseContact } from '../../../domain/rules/personal';

describe('contactChangeProblem', () => {
  it.each([
    ['mobile', '13800000001', null, null],
    ['mobile', '13800000001', '13900000002', null],
    ['mobile', '12800000001', null, 'errors.personal.mobileFormat'],
    ['mobile', '1380000000', null, 'errors.personal.mobileFormat'],
    ['mobile', 'ada@lab.test', null, 'errors.personal.mobileFormat'],
    ['mobile', '13800000001', '13800000001', 'errors.personal.sameAddress'],
    ['email', 'ada@lab.test', null, null],
    ['email', 'ada@lab', null, 'errors.personal.emailFormat'],
    ['email', 'a da@lab.test', null, 'errors.personal.emailFormat'],
    ['email', `${'a'.repeat(250)}@lab.test`, null, 'errors.personal.emailFormat'],
    ['email', 'ada@lab.test', 'ada@lab.test', 'errors.personal.sameAddress'],
  ] as const)('%s %s (now %s): %s', (kind, value, current, problem) => {
    expect(contactChangeProblem(kind, value, current)).toBe(problem);
  });
});

describe('normaliseContact', () => {
  it('trims both kinds and lowers an email only', () => {
    expect(normaliseContact('email', ' Ada@Lab.TEST ')).toBe('ada@lab.test');
    expect(normaliseContact('mobile', ' 13800000001 ')).toBe('13800000001');
  });
});
