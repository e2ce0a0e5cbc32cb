/**
 * An example request and answer for every call of the developer docs (issue 19: each open call has one),
 * by method and route URL as Fastify registers it. Answers are the data inside the `{ code: 100, data }`
 * envelope every call answers with.
 */
export interface OpenCallExample {
  summary: string;
  request?: unknown;
  answer: unknown;
}

const REQ_ID = '5f0c6a52-2c3e-4a8b-9a43-1d2f3e4a5b6c';
const member = {
  name: 'Li Lei',
  mobile: '13800000000',
  email: 'li.lei@example.com',
  externalId: 'HR-1001',
  current: true,
};
const thirdAccount = {
  platform: 'dingtalk',
  thirdAccountId: 'ding-li-lei',
  enabled: true,
  boundAt: 1767225600000,
  member,
};

export const OPEN_CALL_EXAMPLES: Record<string, OpenCallExample> = {
  'POST /api/Sdk/ucapi/token': {
    summary: 'Exchange the app key and secret for an access token (7200 s)',
    request: { appKey: 'uak_3f9c2a7d1e', appSecret: 'uas_••••••••••••' },
    answer: { accessToken: 'uat_8c1f…', expiresIn: 7200 },
  },
  'GET /api/Sdk/ucapi/app': {
    summary: 'Whom an access token speaks for',
    answer: {
      orgId: 12,
      orgName: 'Acme Lab',
      appKey: 'uak_3f9c2a7d1e',
      appName: 'HR sync',
      expiresAt: 1767232800000,
    },
  },
  'POST /api/Sdk/ucapi/members': {
    summary: 'Upsert up to 1,000 members by external id, else mobile, else email',
    request: {
      items: [
        {
          externalId: 'HR-1001',
          mobile: '13800000000',
          name: 'Li Lei',
          departmentPath: 'R&D/Chemistry',
          products: ['ELN'],
        },
        { externalId: 'HR-1002', email: 'han.mei@example.com', name: 'Han Mei', disabled: true },
      ],
    },
    answer: { reqId: REQ_ID, status: 1, applied: 2, problems: [] },
  },
  'POST /api/Sdk/ucapi/departments': {
    summary: 'Create, move or delete departments by path',
    request: {
      items: [
        { path: 'R&D/Chemistry', externalId: 'D-10', manager: 'li.lei@example.com' },
        { path: 'R&D/Old lab', delete: true },
      ],
    },
    answer: {
      reqId: REQ_ID,
      status: 2,
      applied: 1,
      problems: [
        { index: 1, key: 'errors.departments.notEmpty', params: {}, message: 'The department is not empty' },
      ],
    },
  },
  'POST /api/Sdk/ucapi/withdrawn': {
    summary: 'Withdraw a queued call (?reqId=) before it takes effect',
    answer: { reqId: REQ_ID, status: 4 },
  },
  'POST /api/Sdk/ucapi/bind/thirdaccount': {
    summary: 'Bind a chat-host identity to a member (queued first when the organisation delays open calls)',
    request: { platform: 'dingtalk', thirdAccountId: 'ding-li-lei', externalId: 'HR-1001' },
    answer: { ...thirdAccount, reqId: REQ_ID, status: 1 },
  },
  'POST /api/Sdk/ucapi/detail/thirdaccount': {
    summary: "Read a member's third-party accounts, or one identity",
    request: { externalId: 'HR-1001' },
    answer: { items: [thirdAccount] },
  },
  'POST /api/Sdk/ucapi/thirdaccount/:enabled': {
    summary:
      'Switch a third-party account off (0) or on (1) (queued first when the organisation delays open calls)',
    request: { platform: 'dingtalk', thirdAccountId: 'ding-li-lei' },
    answer: { ...thirdAccount, enabled: false, reqId: REQ_ID, status: 1 },
  },
  'POST /api/Sdk/ucapi/LabelTemplate/Query': {
    summary: "The organisation's enabled label templates",
    request: { type: 'sample' },
    answer: [],
  },
  'POST /api/Sdk/ucapi/LabelTemplate/:id/render': {
    summary: 'Render labels of a template as SVG',
    request: { records: [{ SampleCode: 'S-0001', Name: 'Buffer A' }] },
    answer: { svgs: ['<svg xmlns="http://www.w3.org/2000/svg" …</svg>'] },
  },
  'POST /api/messagepush/send': {
    summary: 'Send a notification to members through their chat host',
    request: {
      idempotencyKey: 'notice-2026-001',
      product: 'ELN',
      accountIds: [1001],
      title: 'Experiment approved',
      text: 'Your experiment EXP-12 was approved.',
    },
    answer: { messages: [{ id: 1, accountId: 1001, platform: 'dingtalk', status: 'queued' }], skipped: [] },
  },
};
