import type { Catalogue } from '../catalogue-type';
import type { orgConfig as zh, orgConfigErrors as zhErrors } from '../zh-CN/org-config';

/** System settings > General: the organisation's configuration by category (SPEC §7 Settings). */
export const orgConfig: Catalogue<typeof zh> = {
  tab: 'General',
  intro:
    "Settings of your organisation; once saved they apply to every member. A module the deployment switched off can't be switched on here.",
  categories: {
    modules: 'Modules',
    security: 'Sign-in security',
    session: 'Session',
  },
  categoryIntro: {
    modules: "Switched off, a module's links are hidden from your members.",
    security: 'Whether a right password must be followed by a code sent to the phone or email.',
    session: 'Lock the screen after a time without activity; the member unlocks it with their password.',
  },
  keys: {
    reset: 'Forgot password (self-service reset)',
    appDownload: 'App downloads',
    signInVerification: 'Security verification',
    lockIdleMinutes: 'Lock screen after',
  },
  help: {
    reset: 'Switched off, members cannot reset their password with a code; they ask an administrator.',
    appDownload: "Switched off, members' menus show no app downloads.",
    lockIdleMinutes:
      '0: none of your own (a lock set for the deployment still applies); at most {{max}} minutes.',
  },
  options: {
    signInVerification: {
      off: 'Off',
      'new-device': 'On a new device or address',
      always: 'At every sign-in',
    },
  },
  minutes: 'minutes',
  deploymentOff: 'Switched off for this deployment',
  on: 'On',
  off: 'Off',
  save: 'Save',
  saved: '{{category}} saved',
  defaultValue: 'Default: {{value}}',
  dictionary: {
    configCategory: 'Configuration category',
    module: 'Module',
    secondaryVerificationMode: 'Security verification mode',
    modules: { reset: 'Forgot password', register: 'Apply for a trial', appDownload: 'App downloads' },
  },
};

/** Errors of the organisation configuration endpoints (errors.orgConfig). */
export const orgConfigErrors: Catalogue<typeof zhErrors> = {
  unknownKey: 'There is no such setting',
  unknownCategory: 'There is no such settings category',
  unknownRecordType: 'There is no such dictionary type',
  invalidValue: 'The value is not valid',
  notSwitch: 'Choose on or off',
  range: 'Enter a whole number from {{min}} to {{max}}',
  option: 'Choose one of: {{options}}',
  deploymentOff: "This module is switched off for the deployment; your organisation can't switch it on",
  resetOff: 'Your organisation does not let members reset their own password; ask your administrator',
};
