import type { Catalogue } from '../catalogue-type';
import type { monomerErrors as zhErrors, monomers as zh } from '../zh-CN/monomers';

/** The monomer library screen (monomerLib), under monomers. */
export const monomers: Catalogue<typeof zh> = {
  title: 'Monomer library',
  search: 'Search symbol, name or SMILES',
  add: 'Add monomer',
  edit: 'Edit monomer',
  import: 'Import',
  export: 'Export',
  system: 'System',
  columns: {
    symbol: 'Symbol',
    name: 'Name',
    polymerType: 'Polymer type',
    monomerType: 'Monomer type',
    naturalAnalog: 'Natural analog',
    structure: 'Structure',
    rGroups: 'R-groups',
    creator: 'Creator',
    actions: 'Actions',
  },
  editorHint: 'Draw the structure and mark its attachment points R1, R2 … (R-groups in the atom menu)',
  smiles: 'SMILES',
  deleteConfirm: 'Delete the monomer {{symbol}}?',
  imported: 'Monomers imported: {{count}}',
  importProblems: 'Nothing was imported. Correct these problems and try again',
  row: 'Entry {{row}}',
  none: 'None',
};

/** Errors of the monomer library, under errors.monomers (SPEC §5 wording where it has one). */
export const monomerErrors: Catalogue<typeof zhErrors> = {
  symbolRequired: 'Enter a symbol',
  symbolTooLong: 'A symbol has at most {{max}} characters',
  symbolInvalid: 'A symbol allows letters, digits, hyphen, underscore and asterisk',
  nameRequired: 'Enter a name',
  nameTooLong: 'A name has at most {{max}} characters',
  analogRequired: 'Choose the natural analog',
  analogInvalid: 'The natural analog must be correct',
  structureRequired: 'A structure must be drawn and at least one R-group is required',
  smilesTooLong: 'The structure is too large',
  smilesInvalid: 'The structure cannot be read: check the SMILES',
  smilesDisconnected: 'The structure must be one connected molecule',
  smilesValence: 'An atom of the structure exceeds its valence',
  rGroupMissing: 'A structure must be drawn and at least one R-group is required',
  rGroupUnnumbered: 'R-groups must be numbered ([*:1], [*:2] …)',
  rGroupNumbering: 'R-groups must be numbered R1 to Rn, each once, none skipped',
  rGroupTooMany: 'A monomer has at most 16 R-groups',
  rGroupBond: 'Each R-group attaches to exactly one atom',
  symbolTaken: 'The symbol {{symbol}} already exists in {{polymerType}}',
  structureTaken: 'The same structure already exists in {{polymerType}} as {{symbol}}',
  notFound: 'The monomer does not exist',
  systemReadOnly: 'System monomers cannot be changed or deleted',
  inUse: 'The monomer {{symbol}} is in use and cannot be deleted',
  importFormat: 'The file is not a HELM monomer-library JSON (an array of monomers)',
  importTooMany: 'At most {{max}} monomers can be imported at once',
};
