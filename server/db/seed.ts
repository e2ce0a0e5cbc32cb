import type { Kysely } from 'kysely';
import { inTransaction } from './transaction';
import { addMember, createOrganization } from '../provisioning';
import { createRepositories } from '../repositories';
import type { Database } from './tables';

export interface SeededDemo {
  admin: { account: string; password: string };
  members: Array<{ account: string; password: string }>;
}

export const DEMO_ORGANIZATION = 'Demo Lab';
export const DEMO_ADMIN_ACCOUNT = 'admin@demo-lab.test';

/**
 * Seeds the demo organisation on an empty database: its administrator, two ordinary members, a
 * department, and five of the eight products licensed. Returns null when the database already has data.
 * Passwords are random per database.
 */
export async function seedDemoOrganization(db: Kysely<Database>, now: number): Promise<SeededDemo | null> {
  return inTransaction(db, async (trx) => {
    const repos = createRepositories(trx);
    if ((await repos.organizations.count()) > 0) return null;
    const { orgId, admin } = await createOrganization(
      trx,
      {
        name: DEMO_ORGANIZATION,
        products: ['ELN', 'CIMS', 'LIMS', 'PM', 'IM'],
        admin: {
          realName: '林晓 Lin Xiao',
          account: DEMO_ADMIN_ACCOUNT,
          products: ['ELN', 'CIMS', 'LIMS', 'PM'],
        },
      },
      now,
    );
    const deptId = await repos.organizations.insertDepartment(
      orgId,
      '研发中心 R&D',
      'Demo research department',
      now,
    );
    await trx.updateTable('accounts').set({ dept_id: deptId }).where('id', '=', admin.id).execute();
    await repos.organizations.setDepartmentManager(orgId, deptId, admin.id);
    const chemist = await addMember(
      trx,
      orgId,
      { realName: '王晨 Wang Chen', account: '13800000001', deptId, products: ['ELN', 'CIMS'] },
      now,
    );
    const analyst = await addMember(
      trx,
      orgId,
      { realName: '赵敏 Zhao Min', account: 'analyst@demo-lab.test', deptId, products: ['LIMS'] },
      now,
    );
    return {
      admin: { account: admin.account, password: admin.password },
      members: [chemist, analyst].map(({ account, password }) => ({ account, password })),
    };
  });
}
