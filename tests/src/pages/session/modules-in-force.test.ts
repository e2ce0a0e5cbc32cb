import { describe, expect, it } from 'vitest';
import { modulesInForce } from '../../../../src/pages/session/modules-in-force';

const on = { reset: true, register: true, appDownload: true };
const settings = (reset: boolean, appDownload: boolean) => ({
  OrgSettings: { modules: { reset, appDownload }, lockIdleMinutes: 0 },
});

describe('modulesInForce', () => {
  it.each([
    ['deployment on, organisation on', on, settings(true, true), on],
    [
      'deployment on, organisation off',
      on,
      settings(false, false),
      { ...on, reset: false, appDownload: false },
    ],
    [
      'deployment off, organisation on',
      { ...on, appDownload: false },
      settings(true, true),
      { ...on, appDownload: false },
    ],
    ['signed out: the deployment', { ...on, reset: false }, null, { ...on, reset: false }],
  ])('%s', (_name, deployment, session, expected) => {
    expect(modulesInForce(deployment, session)).toEqual(expected);
  });

  it("keeps the deployment's for a session stored without the organisation's settings", () => {
    const stored = {} as Parameters<typeof modulesInForce>[1];
    expect(modulesInForce(on, stored)).toEqual(on);
  });
});
