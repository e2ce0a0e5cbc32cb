import type { memberImport as zh, memberImportErrors as zhErrors } from '../zh-CN/member-import';
import type { Catalogue } from '../catalogue-type';

/** The member import: the template's header row, the dialog, and its errors (errors.memberImport). */
export const memberImport: Catalogue<typeof zh> = {
  button: 'Import',
  kindMembers: 'Members (password sign-in)',
  kindSso: 'SSO accounts',
  ssoTitle: 'Import SSO accounts',
  ssoFileName: 'sso-account-import-template',
  ssoDone: 'SSO accounts imported: {{count}}',
  ssoNote: 'SSO accounts sign in through the identity provider and have no password',
  title: 'Import members',
  sheetName: 'Members',
  fileName: 'member-import-template',
  columns: {
    externalId: 'External ID',
    name: 'Name',
    mobile: 'Mobile',
    email: 'Email',
    department: 'Department',
    superior: 'Direct superior',
    products: 'Products',
  },
  hints: {
    externalId: "Required: the user's id at the single sign-on identity provider, at most 128 characters",
    name: 'Required, at most 50 characters',
    mobile: 'A mobile number or an email, at least one',
    email: 'e.g. name@example.com',
    department: 'Department path, e.g. R&D/Chemistry',
    superior: "The superior's mobile or email",
    products: 'Product codes separated by commas, e.g. ELN,CIMS',
  },
  step1:
    'Download the template and fill in one member per row (hover over a column heading to see how to fill it)',
  step2: 'Upload the filled xlsx file: members are imported only when every row passes, otherwise none is',
  download: 'Download template',
  choose: 'Choose file',
  start: 'Import',
  uploading: 'Uploading {{percent}}%',
  validating: 'Checking every row…',
  done: 'Members imported: {{count}}',
  passwordNote: 'Each imported member has their own initial password and must change it at first sign-in.',
  sentNote: 'Initial passwords sent by mail or SMS, each to its own member: {{count}}.',
  passwordFileNote:
    'This file holds their initial passwords ({{count}} in all). It can be downloaded only once, until {{time}}; until then this Import dialog offers it again. Keep it safe.',
  pendingNote:
    'The initial passwords of your import of {{created}} have not been downloaded ({{count}} in all). They can be downloaded only once, until {{time}}.',
  closeUnsaved: {
    title: 'Close without downloading the initial passwords?',
    content:
      "They have not been downloaded. You can still download them once from this Import dialog until {{time}}; after that only resetting each member's password gives them one.",
    ok: 'Close',
  },
  downloadPasswords: 'Download initial passwords (xlsx)',
  passwordsDownloaded:
    'Downloaded. The file will not be offered again; delete it once the passwords are handed out.',
  passwordFile: {
    fileName: 'member-initial-passwords',
    sheetName: 'Initial passwords',
    account: 'Account',
    name: 'Name',
    password: 'Initial password',
  },
  failed: 'Import failed and no member was imported. Fix these {{count}} problems and upload again:',
  more: '{{count}} more problems not listed',
  row: 'Row',
  column: 'Column',
  problem: 'Problem',
  wholeRow: 'Whole row',
  close: 'Close',
};

/** Errors of the member import, under errors.memberImport. */
export const memberImportErrors: Catalogue<typeof zhErrors> = {
  notXlsx: 'The file is not an xlsx spreadsheet; please use the downloaded template',
  tooLarge: 'Exceeded file size limit (at most {{max}})',
  unpackedTooLarge: 'The data is too large once unpacked',
  tooManyRows: 'The data is too large: at most {{max}} rows per import',
  empty: 'The spreadsheet holds no members',
  badHeader: "The header row is not the template's; please use the downloaded template",
  nameRequired: 'Name is required',
  nameTooLong: 'Name is at most {{max}} characters',
  invalidMobile: 'Invalid mobile number',
  invalidEmail: 'Invalid email',
  accountRequired: 'Fill in a mobile number or an email',
  duplicateInFile: 'Same as row {{row}}',
  accountTaken: '{{account}} is already used by another account',
  unknownDepartment: 'Department "{{department}}" does not exist',
  unknownProduct: 'Your organization is not licensed for product {{product}}',
  seatsExceeded: 'No seat left for $t(products.{{product}}.name|{{product}}) (seats: {{seats}})',
  invalidSuperior: "Direct superior: fill in the superior's mobile or email",
  unknownSuperior: 'Direct superior {{account}} is neither a member nor in this file',
  superiorSelf: "A member can't be their own direct superior",
  externalIdRequired: 'External ID is required',
  externalIdTooLong: 'External ID is at most {{max}} characters',
  externalIdTaken: 'External ID {{externalId}} already belongs to another account of your organization',
  passwordFileGone:
    "The initial-password file was already downloaded or has expired (it is kept 24 hours). Reset these members' passwords to issue new ones",
};
