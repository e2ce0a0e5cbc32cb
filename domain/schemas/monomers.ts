import { z } from 'zod';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import {
  MONOMER_NAME_MAX_LENGTH,
  MONOMER_SMILES_MAX_LENGTH,
  MONOMER_SYMBOL_MAX_LENGTH,
  MONOMER_TYPES,
  POLYMER_TYPES,
} from '../rules/monomers';
import { errorKeySchema } from './common';

/** Most monomers one import takes (the Pistoia library has about 600). */
export const MONOMER_IMPORT_MAX = 5000;
/** Most problems one import answer lists; `ProblemCount` says how many there were. */
export const MONOMER_IMPORT_MAX_PROBLEMS = 200;
const KEYWORD_MAX_LENGTH = 100;
const REFERENCE_MAX_LENGTH = 200;

/** An R-group of a monomer: its label (R1 …) and the cap HELM puts there when nothing attaches. */
export const rGroupSchema = z.object({ Label: z.string(), CapGroupName: z.string() });
export type RGroup = z.infer<typeof rGroupSchema>;

/** A monomer (issue #20 contract), `ID` being the `symbolId` of DelHelmInfo and AssociationHelm. */
export const monomerSchema = z.object({
  ID: z.number(),
  Symbol: z.string(),
  Name: z.string(),
  PolymerType: z.enum(POLYMER_TYPES),
  MonomerType: z.enum(MONOMER_TYPES),
  NaturalAnalog: z.string(),
  /** Canonical SMILES (OpenChemLib) with the R-groups as `[*:n]`. */
  Smiles: z.string(),
  RGroups: z.array(rGroupSchema),
  IsSystem: z.boolean(),
  Creator: z.string(),
  UpdatedAt: z.number(),
});
export type Monomer = z.infer<typeof monomerSchema>;

/** Body of POST /api/Helm/SetHelmInfo: a new monomer, or the edit of `ID`. R-groups come from the SMILES. */
export const monomerSaveSchema = z.object({
  ID: z.number().int().positive().optional(),
  Symbol: z.string().trim().min(1, 'errors.monomers.symbolRequired'),
  Name: z
    .string()
    .trim()
    .min(1, 'errors.monomers.nameRequired')
    .max(MONOMER_NAME_MAX_LENGTH, 'errors.monomers.nameTooLong'),
  PolymerType: z.enum(POLYMER_TYPES),
  MonomerType: z.enum(MONOMER_TYPES),
  NaturalAnalog: z.string().trim().max(8).default(''),
  Smiles: z.string().max(MONOMER_SMILES_MAX_LENGTH, 'errors.monomers.smilesTooLong'),
});
export type MonomerSave = z.input<typeof monomerSaveSchema>;

/** Body of POST /api/Helm/GetHelmList: a page of the library, searched by symbol, name or SMILES. */
export const monomerListRequestSchema = z.object({
  pageIndex: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  PolymerType: z.enum(POLYMER_TYPES).optional(),
});
export type MonomerListRequest = z.input<typeof monomerListRequestSchema>;

export const monomerListSchema = z.object({
  total: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
  rows: z.array(monomerSchema),
});
export type MonomerList = z.infer<typeof monomerListSchema>;

/** Body of POST /api/Helm/DelHelmInfo. */
export const monomerDeleteSchema = z.object({ symbolId: z.number().int().positive() });

/**
 * Body of POST /api/Helm/IsExistsSameValue: is this symbol, or this structure (however it is spelled), taken
 * in the polymer type? `ID` leaves the monomer being edited out.
 */
export const monomerExistsRequestSchema = z.object({
  PolymerType: z.enum(POLYMER_TYPES),
  Symbol: z.string().trim().max(MONOMER_SYMBOL_MAX_LENGTH).optional(),
  Smiles: z.string().max(MONOMER_SMILES_MAX_LENGTH, 'errors.monomers.smilesTooLong').optional(),
  ID: z.number().int().positive().optional(),
});
export type MonomerExistsRequest = z.input<typeof monomerExistsRequestSchema>;

/** The answer: `symbol` names the monomer that has it. */
export const monomerExistsSchema = z.object({ exists: z.boolean(), symbol: z.string().optional() });

/**
 * Body of POST /api/Helm/AssociationHelm: a product says one of its records (`Reference`) uses the monomer
 * (`Associated` true) or no longer does (false); without `Associated` it only asks. A used monomer cannot be
 * deleted.
 */
export const monomerAssociationRequestSchema = z.object({
  symbolId: z.number().int().positive(),
  Reference: z.string().trim().min(1).max(REFERENCE_MAX_LENGTH).optional(),
  Associated: z.boolean().optional(),
});
export type MonomerAssociationRequest = z.input<typeof monomerAssociationRequestSchema>;

export const monomerAssociationSchema = z.object({
  symbolId: z.number(),
  InUse: z.boolean(),
  References: z.number(),
});

/** One problem of an import: the entry (from 1, in file order), its symbol as written, and what is wrong. */
export const monomerImportProblemSchema = z.object({
  Row: z.number(),
  Symbol: z.string(),
  key: errorKeySchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type MonomerImportProblem = z.infer<typeof monomerImportProblemSchema>;

/**
 * The answer of POST /api/Helm/import: all or nothing. With any problem, `Imported` is 0 and `Problems` lists
 * the first MONOMER_IMPORT_MAX_PROBLEMS. `Unchanged` counts entries the library already has as they are.
 */
export const monomerImportReportSchema = z.object({
  Imported: z.number(),
  Unchanged: z.number(),
  Problems: z.array(monomerImportProblemSchema),
  ProblemCount: z.number(),
});
export type MonomerImportReport = z.infer<typeof monomerImportReportSchema>;

/** An R-group as the HELM monomer-library JSON writes it. */
export const helmRGroupSchema = z.object({
  label: z.string(),
  capGroupName: z.string().nullish(),
  capGroupSmiles: z.string().nullish(),
  alternateId: z.string().nullish(),
});

/**
 * An entry of the HELM monomer-library JSON (the HELM toolkit's and the Pistoia library's): fields we do not
 * keep (molfile, id, author, dates) are allowed and ignored. Each is checked by the same rules as the screen.
 */
export const helmEntrySchema = z.looseObject({
  symbol: z.string(),
  name: z.string().nullish(),
  polymerType: z.string(),
  monomerType: z.string().nullish(),
  naturalAnalog: z.string().nullish(),
  smiles: z.string().nullish(),
  rgroups: z.array(helmRGroupSchema).nullish(),
});
export type HelmEntry = z.infer<typeof helmEntrySchema>;
