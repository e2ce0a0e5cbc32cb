import { type Kysely, sql } from 'kysely';
import { BIGINT, withId } from '../dialect';

/** Sizes are stored in hundredths of a millimetre: exact for the two decimals a size may have. */
const SYSTEM_TEMPLATES = [
  {
    name: 'Sample tube 50 × 30',
    type: 'sample',
    width: 5000,
    height: 3000,
    components: [
      {
        Key: 'sampleName',
        Kind: 'text',
        X: 2,
        Y: 1.5,
        Width: 46,
        Height: 5,
        FontSize: 9,
        Bold: true,
        Value: 'Sample',
      },
      { Key: 'hline1', Kind: 'hline', X: 2, Y: 7, Width: 46, Height: 1, LineWidth: 0.3 },
      {
        Key: 'sampleCode',
        Kind: 'barcode',
        X: 2,
        Y: 9,
        Width: 46,
        Height: 12,
        BarcodeType: 'CODE128',
        Value: 'S-0001',
      },
      { Key: 'batch', Kind: 'text', X: 2, Y: 23, Width: 46, Height: 5, FontSize: 7, Value: 'Batch' },
    ],
  },
  {
    name: 'Instrument asset 60 × 40',
    type: 'instrument',
    width: 6000,
    height: 4000,
    components: [
      {
        Key: 'assetCode',
        Kind: 'qrcode',
        X: 2,
        Y: 2,
        Width: 24,
        Height: 24,
        ErrorCorrection: 'M',
        Value: 'IM-0001',
      },
      { Key: 'vline1', Kind: 'vline', X: 27, Y: 2, Width: 1, Height: 36, LineWidth: 0.3 },
      {
        Key: 'instrumentName',
        Kind: 'text',
        X: 29,
        Y: 2,
        Width: 29,
        Height: 10,
        FontSize: 9,
        Bold: true,
        Wrap: true,
        Value: 'Instrument',
      },
      { Key: 'model', Kind: 'text', X: 29, Y: 13, Width: 29, Height: 6, FontSize: 7, Value: 'Model' },
      { Key: 'location', Kind: 'text', X: 29, Y: 20, Width: 29, Height: 6, FontSize: 7, Value: 'Location' },
      {
        Key: 'assetText',
        Kind: 'text',
        X: 2,
        Y: 28,
        Width: 24,
        Height: 5,
        FontSize: 7,
        Align: 'center',
        Value: 'IM-0001',
      },
    ],
  },
];

/**
 * Label templates (SPEC §3, issue #20): an organisation's templates, and the system templates every
 * organisation sees read-only (org_id null, seeded here). name_key is the trimmed lower-case name, unique per
 * organisation. label_logos keeps each organisation's label icons (checked and, for SVG, sanitised).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('label_templates'))
    .addColumn('org_id', BIGINT, (c) => c.references('organizations.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('template_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('components', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('label_templates_org_name')
    .on('label_templates')
    .columns(['org_id', 'name_key'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('label_logos'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('data_url', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('label_logos_org').on('label_logos').columns(['org_id']).execute();

  const now = Date.UTC(2026, 10, 28);
  for (const template of SYSTEM_TEMPLATES) {
    await sql`insert into label_templates
      (org_id, name, name_key, template_type, width, height, components, enabled, is_system, creator_name, created_at, updated_at)
      values (null, ${template.name}, ${template.name.toLowerCase()}, ${template.type}, ${template.width},
        ${template.height}, ${JSON.stringify(template.components)}, 1, 1, 'system', ${now}, ${now})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('label_logos').ifExists().execute();
  await db.schema.dropTable('label_templates').ifExists().execute();
}
