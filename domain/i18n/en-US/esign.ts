import type { Catalogue } from '../catalogue-type';
import type { esignErrors as zh } from '../zh-CN/esign';

/** Errors of the electronic signature (SPEC §3, §7 Esign). */
export const esignErrors: Catalogue<typeof zh> = {
  minLength: 'The minimum length must be from 6 to 32',
  tooShort: "The signature password is shorter than the organization's minimum length",
  tooLong: "The signature password can't exceed 64 characters",
  weak: "Password doesn't meet security requirements",
  sameAsLogin: 'The signature password must differ from the login password',
  mismatch: 'The two passwords do not match',
};
