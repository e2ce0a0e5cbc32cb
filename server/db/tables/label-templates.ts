import type { Generated } from 'kysely';

/** A label template (0036-label-templates): org_id null for a system template; sizes in 1/100 mm. */
export interface LabelTemplatesTable {
  id: Generated<number>;
  org_id: number | null;
  name: string;
  name_key: string;
  template_type: string;
  width: number;
  height: number;
  /** The components as JSON (domain/schemas/label-templates.ts). */
  components: string;
  enabled: number;
  is_system: number;
  creator_name: string;
  created_at: number;
  updated_at: number;
}

/** A label icon of an organisation, as a data: URL (an SVG already sanitised). */
export interface LabelLogosTable {
  id: Generated<number>;
  org_id: number;
  data_url: string;
  created_at: number;
}
