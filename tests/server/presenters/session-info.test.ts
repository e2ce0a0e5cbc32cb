import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../domain/schemas/account';
import type { OrgSessionSettings } from '../../../domain/schemas/org-config';
import {
  buildSessionInfo,
  SESSION_INFO_FIELDS,
  sessionInfoAnswers,
} from '../../../server/presenters/session-info';
import type { AccountWithOrganization } from '../../../server/repositories/accounts-repository';

const account = {
  id: 7,
  org_id: 3,
  real_name: 'Alice',
  photo: null,
  mobile: '13800000000',
  email: null,
  is_org_admin: 0,
  dept_id: null,
  dept_name: null,
  org_name: 'Acme Lab',
  lang: 'en-US',
  lang_chosen: 0,
  ui_version: 'NEW',
  login_type: 0,
  is_home_guided: 0,
  is_personal_center_guided: 0,
  org_trial_expires_at: null,
} as unknown as AccountWithOrganization;
const orgSettings: OrgSessionSettings = { modules: { reset: true, appDownload: false }, lockIdleMinutes: 0 };
// A trial session, so that every field the answer can show is read.
const session = {
  autoLogin: false,
  createdAt: 1_800_000_000_000,
  locked: false,
  loginMode: 'trial' as const,
  trialExpiresAt: 1_800_100_000_000,
};
const otherValues = {
  autoLogin: true,
  createdAt: session.createdAt + 1,
  locked: true,
  loginMode: 'normal' as const,
  trialExpiresAt: session.trialExpiresAt + 1,
};

const writer = () => {
  const written: SessionInfo[] = [];
  const write = (info: SessionInfo) => {
    written.push(info);
    return Buffer.from(JSON.stringify(info));
  };
  return { written, write };
};

describe('session info answers', () => {
  it('compares the kept bytes on every session field the answer is built from, and on no other', () => {
    const read = new Set<PropertyKey>();
    const watched = new Proxy(session, {
      get(target, key, receiver) {
        read.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    buildSessionInfo(account, watched, null, orgSettings);
    expect([...read].sort()).toEqual([...SESSION_INFO_FIELDS].sort());
  });

  it.each(SESSION_INFO_FIELDS)('writes the answer again when the session’s %s changes', (field) => {
    const answer = sessionInfoAnswers();
    const { written, write } = writer();
    const first = answer(account, session, null, orgSettings, write);
    expect(answer(account, { ...session }, null, orgSettings, write)).toBe(first);
    const next = answer(account, { ...session, [field]: otherValues[field] }, null, orgSettings, write);
    expect(written).toHaveLength(2);
    expect(next.toString()).not.toBe(first.toString());
  });

  it('keeps the bytes when an absent field is given as what its absence stands for', () => {
    const answer = sessionInfoAnswers();
    const { written, write } = writer();
    const base = { autoLogin: false, createdAt: session.createdAt };
    const first = answer(account, base, null, orgSettings, write);
    const same = { ...base, locked: false, loginMode: 'normal' as const, trialExpiresAt: null };
    expect(answer(account, same, null, orgSettings, write)).toBe(first);
    expect(written).toHaveLength(1);
  });
});
