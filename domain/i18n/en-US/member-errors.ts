import type { Catalogue } from '../catalogue-type';
import type { memberErrors as zhErrors } from '../zh-CN/member-errors';

/** Errors of member management, under errors.members. */
export const memberErrors: Catalogue<typeof zhErrors> = {
  noneSelected: 'Please select at least one member',
  tooMany: 'Select at most 100 members at a time',
  cannotRemoveSelf: "Can't remove yourself",
  cannotRevokeOwnAdmin: "Your own administrator right can't be revoked",
  notOnSelf: 'This applies to other members only',
  lastAdmin: 'The organisation must keep at least one administrator',
  accountTaken: 'This mobile number or email is already in use',
  unknownDepartment: 'The department does not exist',
  unknownSuperior: 'The direct superior must be a member of your organisation',
  superiorSelf: "A member can't be their own direct superior",
  unknownProduct: 'Your organisation is not licensed for {{product}}',
  domainAccount: "A domain account's password is the directory's; it can't be reset here",
};
