import type { Monomer } from '../schemas/monomers';

/** One atom of a SMILES as written: where it stands in the text and how long it is. */
interface AtomToken {
  start: number;
  end: number;
  text: string;
}

const ORGANIC_SUBSET = /^(?:Cl|Br|[BCNOPSFI]|[bcnops]|\*)/;

/** The atoms of a SMILES in the order they are written (the order CXSMILES atom labels follow). */
function atomTokens(smiles: string): AtomToken[] {
  const tokens: AtomToken[] = [];
  let index = 0;
  while (index < smiles.length) {
    const char = smiles[index];
    if (char === '[') {
      const end = smiles.indexOf(']', index);
      if (end === -1) break;
      tokens.push({ start: index, end: end + 1, text: smiles.slice(index, end + 1) });
      index = end + 1;
    } else if (char === '%') {
      index += 3;
    } else {
      const match = ORGANIC_SUBSET.exec(smiles.slice(index));
      if (match) tokens.push({ start: index, end: index + match[0].length, text: match[0] });
      index += match ? match[0].length : 1;
    }
  }
  return tokens;
}

/**
 * A library entry's SMILES with its R-groups as `[*:n]`. The HELM toolkit's files write them in ChemAxon's
 * extended SMILES, `[*]` atoms named by an atom-label block (`C[C@H](N[*])C([*])=O |$;;;_R1;;_R2;$|`);
 * newer files write `[*:1]` directly, which passes as it is.
 */
export function helmSmiles(written: string): string {
  const trimmed = written.trim();
  const bar = trimmed.indexOf(' |');
  if (bar === -1) return trimmed;
  const smiles = trimmed.slice(0, bar);
  const labels = /\$([^$]*)\$/.exec(trimmed.slice(bar))?.[1].split(';') ?? [];
  const tokens = atomTokens(smiles);
  let result = '';
  let from = 0;
  tokens.forEach((token, atom) => {
    const rGroup = /^_R(\d+)$/.exec(labels[atom] ?? '');
    if (!rGroup || !/^(?:\*|\[\*\])$/.test(token.text)) return;
    result += `${smiles.slice(from, token.start)}[*:${rGroup[1]}]`;
    from = token.end;
  });
  return result + smiles.slice(from);
}

/** A monomer as an entry of the HELM monomer-library JSON (what GET /api/Helm/export writes). */
export function toHelmEntry(monomer: Monomer) {
  return {
    symbol: monomer.Symbol,
    name: monomer.Name,
    polymerType: monomer.PolymerType,
    monomerType: monomer.MonomerType,
    naturalAnalog: monomer.NaturalAnalog === '' ? null : monomer.NaturalAnalog,
    smiles: monomer.Smiles,
    rgroups: monomer.RGroups.map((group) => ({
      label: group.Label,
      capGroupName: group.CapGroupName,
      capGroupSmiles: `[*:${group.Label.slice(1)}]${group.CapGroupName === 'OH' ? 'O' : '[H]'}`,
      alternateId: `${group.Label}-${group.CapGroupName}`,
    })),
    author: monomer.Creator,
  };
}
