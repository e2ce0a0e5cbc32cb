import { signInErrors } from './sign-in-errors';
import { guessablePasswordErrors } from './password-errors';
import { authorisationErrors } from './authorisation-errors';
import { activeUsersErrors } from './active-users';
import { governanceErrors } from './governance-errors';
import { memberErrors } from './member-errors';
import { memberImportErrors } from './member-import';
import { monomerErrors } from './monomers';
import { orgConfigErrors } from './org-config';

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
export const errors = {
  ...signInErrors,
  password: { ...signInErrors.password, guessable: guessablePasswordErrors },
  loginLog: {
    invalidWindow: '时间范围无效：须同时给出开始和结束时间，且不超过一年',
    invalidTimeZone: '不支持的时区',
    invalidCursor: '分页参数已失效，请重新查询',
    unknownDepartment: '所选部门不属于本组织',
  },
  push: {
    badCredential: '推送密钥无效或已被吊销',
    badIdempotencyKey: '幂等键须为 1 到 100 个字母、数字或 . _ : -',
    badUrl: '链接须以 http:// 或 https:// 开头',
    notConfigured: '该平台的消息推送未开启，请先开启并保存配置',
    notBound: '您的账号尚未关联该平台的身份：请先在该平台中打开本平台并登录一次',
    platformRequired: '多个平台已开启消息推送，请选择发送调试消息的平台',
    unknownPushType: '未知的推送类型：调试消息的类型为 4',
  },
  openness: {
    notAuthorized: '您的组织暂未开通开放能力，请联系运营人员开通',
  },
  departments: {
    notFound: '部门不存在',
    parentNotFound: '上级部门不存在',
    moveUnderItself: '不能把部门移动到它自己下面',
    moveUnderDescendant: '不能把部门移动到它自己的下级部门下面',
    hasChildren: '该部门下还有子部门，请先移走或删除子部门',
    hasMembers: '该部门下还有成员，请先把成员调到其他部门',
    managerNotMember: '部门负责人必须是本组织的成员',
    nameRepeated: '同一上级部门下已有同名部门',
  },
  organization: {
    notFound: '组织不存在',
    logoFormat: '文件格式错误，请上传 {{types}} 格式的文件',
    logoTooLarge: '文件大小不能超过 {{max}}',
    logoMissing: '请选择要上传的 Logo',
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
