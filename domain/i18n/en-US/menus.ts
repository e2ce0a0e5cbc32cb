import type { Catalogue } from '../catalogue-type';
import type { menus as zh } from '../zh-CN/menus';

/** Menu titles of the layout, by menu code (SPEC §2). */
export const menus: Catalogue<typeof zh> = {
  personalCenter: 'Personal centre',
  info: 'Basic info',
  person: 'Personal info',
  password: 'Change password',
  loginLog: 'Login log',
  signature: 'Electronic signature',
  organization: 'Organisation management',
  orgInfo: 'Organisation info',
  orgDpt: 'Organisation structure',
  member: 'Members',
  history: 'Former members',
  operationLog: 'Operation log',
  orgLoginLog: 'Organisation login log',
  systemSetting: 'System settings',
  statistics: 'Active users',
  authorize: 'Authorisation',
  components: 'Public components',
  tagsDesign: 'Label designer',
  selectTemplate: 'Choose label template',
  designTemplate: 'Design label',
  esignSetting: 'E-signature settings',
  monomerLib: 'Monomer library',
  openness: 'Open capability',
  appCredential: 'App credentials',
  messagePush: 'Message push',
  developDoc: 'Development doc',
  interfaceMonitor: 'Interface monitor',
  ssoAuth: 'Single sign-on',
};
