import { describe, expect, it } from 'vitest';
import type { HostIntegration } from '../../../../domain/schemas/host-integrations';
import {
  draftOf,
  INTEGRATION_FIELDS,
  type IntegrationDraft,
  integrationProblems,
  isDirty,
  productChoices,
} from '../../../../src/pages/message-push/push-integration-form';

const DINGTALK: HostIntegration = {
  platform: 'dingtalk',
  corpId: 'dingacme',
  appKey: 'ding-key',
  appSecretMask: '********7d6c',
  agentId: '101',
  enabled: true,
  products: ['PM', 'ELN'],
  updatedAt: 1,
};

describe('message-push integration form', () => {
  it('asks each host only for the credentials it has', () => {
    expect(INTEGRATION_FIELDS).toEqual({
      dingtalk: ['corpId', 'appKey', 'appSecret', 'agentId'],
      feishu: ['corpId', 'appSecret'],
      wecom: ['corpId', 'appSecret', 'agentId'],
      wechat: ['corpId', 'appSecret'],
    });
  });

  it.each<[string, Partial<IntegrationDraft>, boolean]>([
    ['nothing changed', {}, false],
    ['the products in another order', { products: ['ELN', 'PM'] }, false],
    ['spaces around the corp id', { corpId: ' dingacme ' }, false],
    ['a new secret', { appSecret: 'new' }, true],
    ['the switch', { enabled: false }, true],
    ['another agent id', { agentId: '102' }, true],
  ])('is dirty or not after %s', (_, patch, dirty) => {
    expect(isDirty({ ...draftOf(DINGTALK), ...patch }, DINGTALK)).toBe(dirty);
  });

  it('needs a secret only while none is saved, and the corp id always', () => {
    const empty = { ...draftOf(null), enabled: true };
    expect(integrationProblems('wecom', empty, null)).toEqual({
      corpId: 'errors.host.idRequired',
      appSecret: 'errors.host.secretRequired',
    });
    expect(integrationProblems('dingtalk', draftOf(DINGTALK), DINGTALK)).toEqual({});
    expect(
      integrationProblems('dingtalk', { ...draftOf(DINGTALK), agentId: 'x'.repeat(129) }, DINGTALK),
    ).toEqual({
      agentId: 'errors.validation.tooLong',
    });
  });

  it('offers the licensed products, and chosen ones that no longer are, so they can be taken off', () => {
    expect(productChoices(['ELN', 'PM'], ['PM'])).toEqual(['ELN', 'PM']);
    expect(productChoices(['ELN'], ['SDH', 'ELN'])).toEqual(['ELN', 'SDH']);
  });
});
