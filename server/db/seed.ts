import type { Kysely } from 'kysely';
import { PRODUCT_CODES } from '../../domain/constants';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { insertMember, insertOrganization, prepareMember } from '../provisioning';
import { createRepositories, withTransaction } from '../repositories';
import type { Database } from './tables';

export interface SeededDemo {
  admin: { account: string; password: string };
  members: Array<{ account: string; password: string }>;
}

export const DEMO_ORGANIZATION = 'Demo Lab';
export const DEMO_ADMIN_ACCOUNT = 'admin@demo-lab.test';
/** The demo's ordinary members, in the order the start-up banner lists them. */
export const DEMO_MEMBER_ACCOUNTS = ['13800000001', 'analyst@demo-lab.test'] as const;

/** The demo's account names when its administrator is still there (an earlier start seeded it), else null. */
export async function findDemoAccounts(
  db: Kysely<Database>,
): Promise<{ admin: string; members: readonly string[] } | null> {
  const admin = await createRepositories(db).accounts.findByIdentifier(
    parseAccountIdentifier(DEMO_ADMIN_ACCOUNT),
  );
  return admin?.org_name === DEMO_ORGANIZATION
    ? { admin: DEMO_ADMIN_ACCOUNT, members: DEMO_MEMBER_ACCOUNTS }
    : null;
}

/** Path of the portal's placeholder page for a product, which shows what was opened and for whom. */
function demoProductPath(code: string): string {
  return `/demo-product/${encodeURIComponent(code)}`;
}

/**
 * Where a demo product opens: the portal's placeholder page, absolute under PUBLIC_URL when it is set,
 * else relative to the portal (the client opens it from the portal's own origin).
 */
export function demoProductUrl(code: string, publicUrl: string | null): string {
  if (!publicUrl) return demoProductPath(code);
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  return new URL(demoProductPath(code).slice(1), base).toString();
}

/**
 * Seeds the demo organisation on an empty database: its administrator, two ordinary members, a
 * department, and five of the eight products licensed, every product opening the portal's placeholder
 * page until the operator sets its real URL. Returns null when the database already has data.
 * Passwords are random per database.
 */
export async function seedDemoOrganization(
  db: Kysely<Database>,
  now: number,
  options: { publicUrl?: string | null } = {},
): Promise<SeededDemo | null> {
  // Checked before hashing, so that later starts do no password work.
  if ((await createRepositories(db).organizations.count()) > 0) return null;
  const [admin, chemist, analyst] = await Promise.all([
    prepareMember({
      realName: '林晓 Lin Xiao',
      account: DEMO_ADMIN_ACCOUNT,
      products: ['ELN', 'CIMS', 'LIMS', 'PM'],
    }),
    prepareMember({
      realName: '王晨 Wang Chen',
      account: DEMO_MEMBER_ACCOUNTS[0],
      products: ['ELN', 'CIMS'],
    }),
    prepareMember({ realName: '赵敏 Zhao Min', account: DEMO_MEMBER_ACCOUNTS[1], products: ['LIMS'] }),
  ]);
  return withTransaction(db, async (repos) => {
    // Another instance may have seeded meanwhile: the check that counts is the one inside the transaction.
    if ((await repos.organizations.count()) > 0) return null;
    const { orgId, admin: createdAdmin } = await insertOrganization(
      repos,
      { name: DEMO_ORGANIZATION, products: ['ELN', 'CIMS', 'LIMS', 'PM', 'IM'], admin },
      now,
    );
    const deptId = await repos.organizations.insertDepartment(
      orgId,
      '研发中心 R&D',
      'Demo research department',
      now,
    );
    await repos.accounts.setDepartment(orgId, createdAdmin.id, deptId);
    await repos.organizations.setDepartmentManager(orgId, deptId, createdAdmin.id);
    // The demo shows the Openness screens too; a real organisation gets them from an operator.
    await repos.organizations.setOpennessAuthorized(orgId, true);
    const members = [
      await insertMember(repos, orgId, { ...chemist, deptId }, now),
      await insertMember(repos, orgId, { ...analyst, deptId }, now),
    ];
    for (const code of PRODUCT_CODES) {
      await repos.products.setWebUrl(code, demoProductUrl(code, options.publicUrl ?? null));
    }
    return {
      admin: { account: createdAdmin.account, password: createdAdmin.password },
      members: members.map(({ account, password }) => ({ account, password })),
    };
  });
}
