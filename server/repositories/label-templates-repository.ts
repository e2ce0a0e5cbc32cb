import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { LabelComponent, LabelTemplateInput } from '../../domain/schemas/label-templates';
import type { Database } from '../db/tables';

/** A template as stored, sizes back in mm. */
export interface StoredLabelTemplate extends LabelTemplateInput {
  id: number;
  orgId: number | null;
  enabled: boolean;
  isSystem: boolean;
  creatorName: string;
  createdAt: number;
}

/** What the list and the products' query filter on. */
export interface LabelTemplateFilter {
  keyword?: string;
  type?: string;
  enabled?: boolean;
}

const COLUMNS = [
  'id',
  'org_id',
  'name',
  'template_type',
  'width',
  'height',
  'components',
  'enabled',
  'is_system',
  'creator_name',
  'created_at',
] as const;

type Row = Pick<Selectable<Database['label_templates']>, (typeof COLUMNS)[number]>;

const toHundredths = (mm: number) => Math.round(mm * 100);

function fromRow(row: Row): StoredLabelTemplate {
  return {
    id: Number(row.id),
    orgId: row.org_id === null ? null : Number(row.org_id),
    Name: row.name,
    Type: row.template_type as StoredLabelTemplate['Type'],
    Width: Number(row.width) / 100,
    Height: Number(row.height) / 100,
    Components: JSON.parse(row.components) as LabelComponent[],
    enabled: Number(row.enabled) === 1,
    isSystem: Number(row.is_system) === 1,
    creatorName: row.creator_name,
    createdAt: Number(row.created_at),
  };
}

/** The trimmed lower-case name, unique per organisation (system templates' names count too). */
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

/** Escapes LIKE wildcards so a keyword is matched literally. */
const likeText = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

/** Templates an organisation sees: its own and the system ones. */
const visibleTo = (orgId: number) => (eb: ExpressionBuilder<Database, 'label_templates'>) =>
  eb.or([eb('org_id', '=', orgId), eb('is_system', '=', 1)]);

/** Label templates and icons (0036-label-templates); every call takes the organisation. */
export function createLabelTemplatesRepository(db: Kysely<Database>) {
  const visible = (orgId: number, filter: LabelTemplateFilter) => {
    let query = db.selectFrom('label_templates').where(visibleTo(orgId));
    if (filter.keyword?.trim()) {
      const pattern = likeText(filter.keyword.trim());
      query = query.where((eb) => sql<boolean>`${eb.ref('name_key')} like ${pattern} escape '\\'`);
    }
    if (filter.type) query = query.where('template_type', '=', filter.type);
    if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled ? 1 : 0);
    return query;
  };

  return {
    /** A page of the templates an organisation sees, system ones first, then newest first. */
    async page(
      orgId: number,
      query: LabelTemplateFilter & { pageIndex: number; pageSize: number },
    ): Promise<{ total: number; rows: StoredLabelTemplate[] }> {
      const [rows, count] = await Promise.all([
        visible(orgId, query)
          .select(COLUMNS)
          .orderBy('is_system', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageIndex - 1) * query.pageSize)
          .execute(),
        visible(orgId, query)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { total: Number(count.count), rows: rows.map(fromRow) };
    },

    /** Every template an organisation sees that matches, by name. */
    async list(orgId: number, filter: LabelTemplateFilter): Promise<StoredLabelTemplate[]> {
      const rows = await visible(orgId, filter).select(COLUMNS).orderBy('name').orderBy('id').execute();
      return rows.map(fromRow);
    },

    /** One template the organisation sees, or undefined. */
    async find(orgId: number, id: number): Promise<StoredLabelTemplate | undefined> {
      const row = await db
        .selectFrom('label_templates')
        .select(COLUMNS)
        .where('id', '=', id)
        .where(visibleTo(orgId))
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    /** Whether a template the organisation sees, other than `exceptId`, has this name. */
    async nameExists(orgId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('label_templates')
        .select('id')
        .where(visibleTo(orgId))
        .where('name_key', '=', nameKeyOf(name));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(
      orgId: number,
      template: LabelTemplateInput,
      creatorName: string,
      now: number,
    ): Promise<number> {
      const row = await db
        .insertInto('label_templates')
        .values({
          org_id: orgId,
          name: template.Name.trim(),
          name_key: nameKeyOf(template.Name),
          template_type: template.Type,
          width: toHundredths(template.Width),
          height: toHundredths(template.Height),
          components: JSON.stringify(template.Components),
          enabled: 1,
          is_system: 0,
          creator_name: creatorName,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Replaces an organisation's own template; false when it has none with this id. */
    async update(orgId: number, id: number, template: LabelTemplateInput, now: number): Promise<boolean> {
      const result = await db
        .updateTable('label_templates')
        .set({
          name: template.Name.trim(),
          name_key: nameKeyOf(template.Name),
          template_type: template.Type,
          width: toHundredths(template.Width),
          height: toHundredths(template.Height),
          components: JSON.stringify(template.Components),
          updated_at: now,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setEnabled(orgId: number, id: number, enabled: boolean, now: number): Promise<boolean> {
      const result = await db
        .updateTable('label_templates')
        .set({ enabled: enabled ? 1 : 0, updated_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes an organisation's own templates; answers how many went. */
    async delete(orgId: number, ids: number[]): Promise<number> {
      const result = await db
        .deleteFrom('label_templates')
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insertLogo(orgId: number, dataUrl: string, now: number): Promise<number> {
      const row = await db
        .insertInto('label_logos')
        .values({ org_id: orgId, data_url: dataUrl, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** An organisation's icons among `ids`, by id. */
    async logos(orgId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('label_logos')
        .select(['id', 'data_url'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [Number(row.id), row.data_url]));
    },
  };
}
