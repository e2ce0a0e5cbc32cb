import { activeUsers } from './active-users';
import { account } from './account';
import { authorisation } from './authorisation';
import { common } from './common';
import { demoProduct } from './demo-product';
import { documents } from './documents';
import { esign } from './esign';
import { departments } from './departments';
import { errors } from './errors';
import { governance } from './governance';
import { home } from './home';
import { host } from './host';
import { layout } from './layout';
import { ldap } from './ldap';
import { login } from './login';
import { loginLog } from './login-log';
import { memberImport } from './member-import';
import { monomers } from './monomers';
import { members } from './members';
import { menus } from './menus';
import { messagePush } from './message-push';
import { appCredential } from './app-credential';
import { organization } from './organization';
import { orgConfig } from './org-config';
import { password } from './password';
import { personal } from './personal';
import { products } from './products';
import { reset } from './reset';
import { secondaryVerification } from './secondary-verification';
import { securityNotice } from './security-notice';
import { status } from './status';
import { trial } from './trial';
import { screenLock } from './screen-lock';
import { trialSignIn } from './trial-sign-in';
import { workTable } from './work-table';
import { watermark } from './watermark';
import { labels } from './labels';
import { notices } from './notices';
import { operationLog } from './operation-log-content';
import { sso } from './sso';
import { interfaceMonitor } from './interface-monitor';

/** Every zh-CN string, by area. */
export const catalogue = {
  common,
  errors,
  login,
  home,
  host,
  layout,
  account,
  members,
  memberImport,
  monomers,
  authorisation,
  menus,
  organization,
  departments,
  messagePush,
  appCredential,
  governance,
  products,
  status,
  demoProduct,
  documents,
  ldap,
  reset,
  password,
  personal,
  loginLog,
  activeUsers,
  securityNotice,
  watermark,
  labels,
  orgConfig,
  esign,
  notices,
  secondaryVerification,
  trial,
  screenLock,
  trialSignIn,
  workTable,
  operationLog,
  sso,
  interfaceMonitor,
};
