import type { Kysely } from 'kysely';
import type { FooterInfo, FooterLink } from '../../domain/rules/footer';
import type { Database } from '../db/tables';

/** The footer's filing information and links as the operator set them (one row), or none. */
export function createFooterRepository(db: Kysely<Database>) {
  return {
    /** What `footer:set` stored, or undefined when the environment's values hold. */
    async find(): Promise<FooterInfo | undefined> {
      const row = await db.selectFrom('footer_settings').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!row) return undefined;
      return {
        filing: row.filing_text ? { text: row.filing_text, url: row.filing_url } : null,
        links: JSON.parse(row.links) as FooterLink[],
      };
    },

    async save(footer: FooterInfo, now: number): Promise<void> {
      const values = {
        filing_text: footer.filing?.text ?? null,
        filing_url: footer.filing?.url ?? null,
        links: JSON.stringify(footer.links),
        updated_at: now,
      };
      await db
        .insertInto('footer_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    /** Back to the environment's values. */
    async clear(): Promise<void> {
      await db.deleteFrom('footer_settings').where('id', '=', 1).execute();
    },
  };
}
