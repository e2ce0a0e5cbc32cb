import { signInErrors } from './sign-in-errors';
import { guessablePasswordErrors } from './password-errors';
import { authorisationErrors } from './authorisation-errors';
import { activeUsersErrors } from './active-users';
import type { Catalogue } from '../catalogue-type';
import { governanceErrors } from './governance-errors';
import { memberErrors } from './member-errors';
import { memberImportErrors } from './member-import';
import { monomerErrors } from './monomers';
import { orgConfigErrors } from './org-config';
import type { errors as zh } from '../zh-CN/errors';
import { personalErrors } from './personal';
import { trialErrors } from './trial';
import { trialSignInErrors } from './trial-sign-in';
import { workTableErrors } from './work-table';
import { watermarkErrors } from './watermark';
import { labelsErrors } from './labels';
import { noticesErrors } from './notices';
import { esignErrors } from './esign';
import { outboundErrors } from './outbound-errors';
import { appCredentialErrors, openApiErrors } from './app-credential';
import { ssoErrors } from './sso';

/** Error messages; the keys are the stable `error.key` values of API failures. */
export const errors: Catalogue<typeof zh> = {
  ...signInErrors,
  password: { ...signInErrors.password, guessable: guessablePasswordErrors },
  loginLog: {
    invalidWindow: 'Invalid period: give both a start and an end, at most a year apart',
    invalidTimeZone: 'Unsupported time zone',
    invalidCursor: 'The paging position has expired; please search again',
    unknownDepartment: 'The department is not in your organisation',
  },
  push: {
    badCredential: 'The push key is invalid or has been revoked',
    badIdempotencyKey: 'The idempotency key must be 1 to 100 letters, digits or . _ : -',
    badUrl: 'The link must start with http:// or https://',
    notConfigured: 'Message push is not switched on for this platform. Switch it on and save first.',
    notBound:
      'Your account is not linked to an identity on this platform yet: open the portal inside it and sign in once',
    platformRequired:
      'Message push is on for several platforms: choose the one to send the debug message through',
    unknownPushType: 'Unknown push type: the debug message is type 4',
  },
  openness: {
    notAuthorized:
      'Your organisation has not been authorised for open access yet. Please contact operations to have it opened.',
  },
  departments: {
    notFound: 'The department does not exist',
    parentNotFound: 'The superior department does not exist',
    moveUnderItself: "A department can't be moved under itself",
    moveUnderDescendant: "A department can't be moved under one of its own sub-departments",
    hasChildren: 'This department still has sub-departments: move or delete them first',
    hasMembers: 'This department still has members: transfer them to another department first',
    managerNotMember: 'The manager must be a member of this organisation',
    nameRepeated: 'A department with this name already exists under the same superior',
  },
  organization: {
    notFound: 'The organisation does not exist',
    logoFormat: 'Wrong file format, upload {{types}} files',
    logoTooLarge: "File size can't exceed {{max}}",
    logoMissing: 'Choose a logo to upload',
  },
  members: memberErrors,
  ipWhitelist: governanceErrors.ipWhitelist,
  passwordPolicy: governanceErrors.passwordPolicy,
  operationLog: governanceErrors.operationLog,
  memberImport: memberImportErrors,
  monomers: monomerErrors,
  authorize: authorisationErrors.authorize,
  menuAccess: authorisationErrors.menuAccess,
  personal: personalErrors,
  trial: trialErrors,
  trialSignIn: trialSignInErrors,
  workTable: workTableErrors,
  watermark: watermarkErrors,
  labels: labelsErrors,
  orgConfig: orgConfigErrors,
  notices: noticesErrors,
  esign: esignErrors,
  activeUsers: activeUsersErrors,
  outbound: outboundErrors,
  appCredential: appCredentialErrors,
  openApi: openApiErrors,
  sso: ssoErrors,
};
