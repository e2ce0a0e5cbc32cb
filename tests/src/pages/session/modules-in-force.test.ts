import { describe, expect, it } from 'vitest';
import { lockIdleMinutesInForce, modulesInForce } from '../../../../src/pages/session/modules-in-force';

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

  it('locks the screen after the shorter idle time of the deployment and the organisation', () => {
    const minutes = (lockIdleMinutes: number) => ({
      OrgSettings: { modules: { reset: true, appDownload: true }, lockIdleMinutes },
    });
    expect(lockIdleMinutesInForce(30, minutes(15))).toBe(15);
    expect(lockIdleMinutesInForce(0, minutes(15))).toBe(15);
    expect(lockIdleMinutesInForce(10, minutes(0))).toBe(10);
    expect(lockIdleMinutesInForce(10, null)).toBe(10);
  });

  it("keeps the deployment's for a session stored without the organisation's settings", () => {
    const stored = {} as Parameters<typeof modulesInForce>[1];
    expect(modulesInForce(on, stored)).toEqual(on);
    expect(lockIdleMinutesInForce(20, stored)).toBe(20);
  });
});
