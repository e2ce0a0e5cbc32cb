import type { Generated } from 'kysely';

/**
 * A HELM monomer (0037-monomers): org_id null for the read-only natural monomers every organisation sees
 * (is_system 1). `smiles` is the canonical SMILES, `structure_key` what a duplicate structure is found by,
 * `r_groups` the R-groups and their caps as JSON text.
 */
export interface MonomersTable {
  id: Generated<number>;
  org_id: number | null;
  symbol: string;
  name: string;
  polymer_type: string;
  monomer_type: string;
  natural_analog: string;
  smiles: string;
  structure_key: string;
  r_groups: string;
  is_system: number;
  creator_name: string;
  created_at: number;
  updated_at: number;
}

/** A product record that uses a monomer (Helm/AssociationHelm): while one exists, the monomer stays. */
export interface MonomerUsagesTable {
  org_id: number;
  monomer_id: number;
  reference: string;
  created_at: number;
}
