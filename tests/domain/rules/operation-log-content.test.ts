import { describe, expect, it } from 'vitest';
import {
  logDetails,
  logField,
  logLabel,
  logList,
  logMessage,
  logSwitch,
  renderMessage,
  renderStoredContent,
  searchTextOf,
  storedMessage,
} from '../../../domain/rules/operation-log-content';

const removed = logMessage('operationLog.content.memberRemoved', {
  name: '王 {{account}}',
  account: '$& x@y',
});

describe('renderMessage', () => {
  it.each([
    ['zh-CN', '移除了成员 王 {{account}}（$& x@y）'],
    ['en-US', 'Removed member 王 {{account}} ($& x@y)'],
  ] as const)('renders in %s with values inserted as typed', (language, text) => {
    expect(renderMessage(language, removed)).toBe(text);
  });

  it('joins lists and details in each language’s way, with the empty word for an empty list', () => {
    const message = logMessage('operationLog.content.watermarkSet', {
      details: logDetails([
        logField('operationLog.words.status', logSwitch(true)),
        false,
        logField('operationLog.words.products', logList(['ELN', 'CIMS'])),
        logField('operationLog.words.contents', logList([], 'operationLog.words.none')),
      ]),
    });
    expect(renderMessage('zh-CN', message)).toBe('设置了水印：状态：开启；产品：ELN、CIMS；内容：无');
    expect(renderMessage('en-US', message)).toBe(
      'Set the watermark: status: on; products ELN, CIMS; contents: none',
    );
  });
});

describe('screen words', () => {
  const set = logMessage('operationLog.content.watermarkSet', {
    details: logDetails([
      logField('operationLog.words.density', logLabel('watermark.densities.dense')),
      logField(
        'operationLog.words.contents',
        logList([logLabel('watermark.contents.name'), logLabel('watermark.contents.mobileLast4')]),
      ),
    ]),
  });

  it('names an option as the screen does, in the reader’s language, also when read back', () => {
    expect(renderMessage('en-US', set)).toBe(
      'Set the watermark: density: Dense; contents: Name, Last four digits of mobile',
    );
    const stored = { content: 'stored text', ...storedMessage(set) };
    expect(renderStoredContent('zh-CN', stored)).toBe(renderMessage('zh-CN', set));
    expect(renderStoredContent('zh-CN', stored)).not.toContain('dense');
  });

  it.each([
    ['outside the screen words', 'errors.request.invalid'],
    ['not in the catalogue', 'watermark.densities.gone'],
    ['a group rather than a word', 'watermark.densities'],
  ])('shows the stored text for a label %s', (_, label) => {
    const stored = {
      content: 'stored text',
      content_key: 'operationLog.content.orgConfigChange',
      content_params: JSON.stringify({ setting: { label }, value: '1' }),
    };
    expect(renderStoredContent('en-US', stored)).toBe('stored text');
  });
});

describe('password policy wording', () => {
  it('reads naturally in Chinese with no class required and no history kept', () => {
    const message = logMessage('operationLog.content.passwordPolicySet', {
      min: 8,
      max: 64,
      classes: logList([], 'operationLog.words.none'),
      expiry: logMessage('operationLog.words.expiry.months', { count: 3 }),
      history: logMessage('operationLog.words.historyCurrentOnly'),
      lockAfter: 5,
    });
    expect(renderMessage('zh-CN', message)).toBe(
      '设置了密码策略：长度 8-64；须包含：无；有效期：3 个月；只需与当前密码不同；连续输错 5 次锁定账号',
    );
    expect(renderMessage('en-US', message)).toBe(
      'Set the password policy: length 8-64, classes none, expiry 3 months, history 0, lock after 5 failures',
    );
  });
});

describe('renderStoredContent', () => {
  const row = (stored: Partial<{ content_key: string | null; content_params: string | null }>) => ({
    content: 'stored text',
    content_key: null,
    content_params: null,
    ...stored,
  });

  it('renders a stored key in the reader’s language', () => {
    const stored = storedMessage(removed);
    expect(renderStoredContent('zh-CN', row(stored))).toBe('移除了成员 王 {{account}}（$& x@y）');
  });

  it.each([
    ['no key (a row from before)', {}],
    ['a key the catalogue does not have', { content_key: 'operationLog.content.gone', content_params: '{}' }],
    ['a key outside the log’s area', { content_key: 'errors.request.invalid', content_params: '{}' }],
    ['values that are not JSON', { content_key: 'operationLog.content.memberRemoved', content_params: '{' }],
    [
      'a value of the wrong shape',
      { content_key: 'operationLog.content.memberRemoved', content_params: '{"name":true}' },
    ],
  ])('shows the stored text for %s', (_, stored) => {
    expect(renderStoredContent('en-US', row(stored))).toBe('stored text');
  });
});

describe('searchTextOf', () => {
  it('holds every language’s rendering, lower-cased', () => {
    const text = searchTextOf(logMessage('operationLog.content.departmentDeleted', { name: 'QC', id: 7 }));
    expect(text).toContain('删除了部门 qc（#7）');
    expect(text).toContain('deleted department qc (#7)');
  });
});
