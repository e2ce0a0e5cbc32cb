import type { Kysely } from 'kysely';
import type { FooterInfo } from '../../domain/rules/footer';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';

/** What `footer` stored, or undefined while the environment's FOOTER_* values hold. */
export function storedFooter(db: Kysely<Database>): Promise<FooterInfo | undefined> {
  return readRepositories(db).footer.find();
}

/** Stores the footer's filing and links in place of the environment's. */
export function saveFooter(db: Kysely<Database>, footer: FooterInfo, now: number): Promise<void> {
  return withTransaction(db, (repos) => repos.footer.save(footer, now));
}

/** Goes back to the environment's FOOTER_* values. */
export function clearFooter(db: Kysely<Database>): Promise<void> {
  return withTransaction(db, (repos) => repos.footer.clear());
}
