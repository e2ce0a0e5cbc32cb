import { CanvasEditor } from 'openchemlib';
import { useEffect, useRef, useState } from 'react';
import { editorMolecule, editorSmiles } from '../../../../domain/rules/monomer-structure';

/** The drawing area's height when the toolbar is shorter (px). */
const EDITOR_HEIGHT = 400;

/**
 * OpenChemLib's structure editor (its own toolbar: atoms, bonds, rings, R-groups R1 … R16 from the atom
 * menu). Shows `smiles` when it changes from outside, and reports what is drawn as SMILES with `[*:n]`.
 * Part of the monomer library's chunk only.
 */
export function StructureEditor({
  smiles,
  onChange,
}: {
  smiles: string;
  onChange: (smiles: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CanvasEditor | null>(null);
  const drawn = useRef('');
  const report = useRef(onChange);
  // OpenChemLib draws its toolbar at its own fixed size beside the drawing area; in a shorter box it hung
  // out over the SMILES field below, so the box grows to the toolbar's height.
  const [toolbarHeight, setToolbarHeight] = useState(0);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    if (!host.current) return undefined;
    const created = new CanvasEditor(host.current, { initialMode: 'molecule' });
    editor.current = created;
    created.setOnChangeListener((event) => {
      if (!event.isUserEvent || event.type !== 'molecule') return;
      drawn.current = editorSmiles(created.getMolecule());
      report.current(drawn.current);
    });
    const toolbar = host.current
      .querySelector<HTMLElement>('[data-openchemlib-canvas-editor]')
      ?.shadowRoot?.querySelector('canvas');
    const watcher = new ResizeObserver(() =>
      setToolbarHeight(toolbar ? Math.ceil(toolbar.getBoundingClientRect().height) : 0),
    );
    if (toolbar) watcher.observe(toolbar);
    return () => {
      watcher.disconnect();
      created.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    const current = editor.current;
    if (!current || smiles === drawn.current) return;
    drawn.current = smiles;
    const molecule = smiles.trim() === '' ? null : editorMolecule(smiles);
    if (molecule) current.setMolecule(molecule);
    else if (smiles.trim() === '') current.clearAll();
  }, [smiles]);

  return (
    <div
      ref={host}
      data-testid="monomer-structure-editor"
      style={{
        width: '100%',
        height: Math.max(EDITOR_HEIGHT, toolbarHeight + 2),
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        position: 'relative',
      }}
    />
  );
}
