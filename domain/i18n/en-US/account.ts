import type { Catalogue } from '../catalogue-type';
import type { account as zh } from '../zh-CN/account';

/** Personal-centre pages. */
export const account: Catalogue<typeof zh> = {
  basicInfo: {
    title: 'Basic info',
    realName: 'Name',
    account: 'Account',
    mobile: 'Mobile',
    email: 'Email',
    organization: 'Organisation',
    department: 'Department',
    role: 'Role',
    admin: 'Organisation administrator',
    member: 'Member',
    registerTime: 'Registered',
    lastLoginTime: 'Last sign-in',
  },
};
