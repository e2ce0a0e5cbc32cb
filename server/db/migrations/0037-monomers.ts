import type { Kysely } from 'kysely';
import { defaultCaps, readMonomerStructure } from '../../../domain/rules/monomer-structure';
import { STARTER_MONOMERS } from '../../../domain/rules/monomer-starter-set';
import { BIGINT, withId } from '../dialect';

/**
 * The HELM monomer library (SPEC §3 monomer, §7 Helm/*). org_id null holds the natural monomers every
 * organisation sees, read-only (is_system 1): one set for all, so a new organisation has them from its first
 * moment and no organisation can change them. Their canonical SMILES and structure keys are OpenChemLib's.
 * monomer_usages: the product records that use a monomer (Helm/AssociationHelm), which keep it from deletion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('monomers'))
    .addColumn('org_id', BIGINT, (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('symbol', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('polymer_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('monomer_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('natural_analog', 'varchar(8)', (c) => c.notNull())
    .addColumn('smiles', 'text', (c) => c.notNull())
    .addColumn('structure_key', 'text', (c) => c.notNull())
    .addColumn('r_groups', 'text', (c) => c.notNull())
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('monomers_org_symbol')
    .on('monomers')
    .columns(['org_id', 'polymer_type', 'symbol'])
    .execute();
  await db.schema
    .createIndex('monomers_org_structure')
    .on('monomers')
    .columns(['org_id', 'polymer_type', 'structure_key'])
    .execute();

  await db.schema
    .createTable('monomer_usages')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('monomer_id', BIGINT, (c) => c.notNull().references('monomers.id').onDelete('cascade'))
    .addColumn('reference', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('monomer_usages_pk', ['monomer_id', 'reference'])
    .execute();

  const now = Date.now();
  const rows = STARTER_MONOMERS.map((monomer) => {
    const structure = readMonomerStructure(monomer.smiles);
    if (!structure.ok) throw new Error(`starter monomer ${monomer.symbol}: ${structure.key}`);
    return {
      org_id: null,
      symbol: monomer.symbol,
      name: monomer.name,
      polymer_type: monomer.polymerType,
      monomer_type: monomer.monomerType,
      natural_analog: monomer.naturalAnalog,
      smiles: structure.smiles,
      structure_key: structure.structureKey,
      r_groups: JSON.stringify(defaultCaps(structure.smiles)),
      is_system: 1,
      creator_name: 'system',
      created_at: now,
      updated_at: now,
    };
  });
  await (db as Kysely<{ monomers: (typeof rows)[number] }>).insertInto('monomers').values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monomer_usages').ifExists().execute();
  await db.schema.dropTable('monomers').ifExists().execute();
}
