import { useCallback, useEffect, useState } from 'react';
import { newComponent } from '../../../domain/labels/component-defaults';
import type { LabelComponentKind } from '../../../domain/labels/label-limits';
import {
  keepInsideLabel,
  type LabelTemplateProblem,
  labelTemplateProblem,
  nextComponentKey,
} from '../../../domain/rules/label-templates';
import type { LabelComponent, LabelTemplateDetail } from '../../../domain/schemas/label-templates';
import { getLabelTemplate, saveLabelTemplate, uploadLabelLogo } from '../../adapters/label-templates-api';
import { type LabelDraft, labelDrafts } from './label-draft-store';

const HISTORY_MAX = 100;

/** A change or save the designer refused, as an i18n key and its parameters. */
export type DesignerProblem = Omit<LabelTemplateProblem, 'key'> & {
  key: LabelTemplateProblem['key'] | 'errors.labels.keyRequired';
};
const inputOf = ({ Name, Type, Width, Height, Components }: LabelTemplateDetail) => ({
  Name,
  Type,
  Width,
  Height,
  Components,
});

/**
 * The label designer's logic (/layout/tagsDesign/designTemplate/{id}): the template on the canvas, the
 * selected component, every change kept inside the label (SPEC §5) and undoable, unsaved changes known,
 * icons uploaded, and saving. No antd here: the desktop view renders it.
 */
export function useLabelDesigner(id: string) {
  const [detail, setDetail] = useState<LabelTemplateDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraftState] = useState<LabelDraft | null>(() => labelDrafts.get(id) ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [logos, setLogos] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  /** Why the last change or save was refused (KEY empty or taken, the data too large …), in i18n terms. */
  const [problem, setProblem] = useState<DesignerProblem | null>(null);

  useEffect(() => {
    let live = true;
    getLabelTemplate(id).then(
      (loaded) => {
        if (!live) return;
        setDetail(loaded);
        setLogos(loaded.Logos);
        if (!labelDrafts.get(id)) {
          const template = inputOf(loaded);
          const fresh = { template, past: [], future: [], savedJson: JSON.stringify(template) };
          labelDrafts.set(id, fresh);
          setDraftState(fresh);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const setDraft = useCallback(
    (next: LabelDraft) => {
      labelDrafts.set(id, next);
      setDraftState(next);
    },
    [id],
  );
  const readOnly = detail?.IsSystem ?? true;

  /** Applies a change as one undo step; components are kept inside the label. */
  const change = (update: (components: LabelComponent[]) => LabelComponent[]) => {
    if (!draft || readOnly) return;
    const { template } = draft;
    const components = update(template.Components).map((c) => keepInsideLabel(c, template));
    const next = { ...template, Components: components };
    setProblem(null);
    setDraft({ ...draft, template: next, past: [...draft.past, template].slice(-HISTORY_MAX), future: [] });
  };

  const updateComponent = (key: string, changes: Partial<LabelComponent>) => {
    if (changes.Key !== undefined) {
      // SPEC §3: every component has a KEY, required and unique in the template; a refused one changes nothing.
      const wanted = changes.Key.trim();
      if (wanted === '') return setProblem({ key: 'errors.labels.keyRequired' });
      const taken = draft?.template.Components.some((c) => c.Key !== key && c.Key === wanted);
      if (taken) return setProblem({ key: 'errors.labels.keyDuplicate', params: { key: wanted } });
      changes = { ...changes, Key: wanted };
    }
    change((components) => components.map((c) => (c.Key === key ? { ...c, ...changes } : c)));
    if (changes.Key !== undefined && changes.Key !== key) setSelected(changes.Key);
  };

  const addComponent = (kind: LabelComponentKind, x: number, y: number) => {
    if (!draft) return;
    const key = nextComponentKey(kind, draft.template.Components);
    change((components) => [...components, newComponent(kind, key, x, y)]);
    setSelected(key);
  };

  const removeComponent = (key: string) => {
    change((components) => components.filter((c) => c.Key !== key));
    setSelected(null);
  };

  const nudge = (key: string, dx: number, dy: number) => {
    const component = draft?.template.Components.find((c) => c.Key === key);
    if (component) updateComponent(key, { X: component.X + dx, Y: component.Y + dy });
  };

  const undo = () => {
    if (!draft || draft.past.length === 0) return;
    const previous = draft.past[draft.past.length - 1];
    setDraft({
      ...draft,
      template: previous,
      past: draft.past.slice(0, -1),
      future: [draft.template, ...draft.future],
    });
  };

  const redo = () => {
    if (!draft || draft.future.length === 0) return;
    const [next, ...rest] = draft.future;
    setDraft({ ...draft, template: next, past: [...draft.past, draft.template], future: rest });
  };

  /** Uploads an icon for an image component; a refused file (shown by the API client) changes nothing. */
  const uploadLogo = async (key: string, file: Blob) => {
    let logo: Awaited<ReturnType<typeof uploadLabelLogo>>;
    try {
      logo = await uploadLabelLogo(file);
    } catch {
      return;
    }
    setLogos((current) => ({ ...current, [logo.id]: logo.dataUrl }));
    updateComponent(key, { LogoId: logo.id });
  };

  /** Saves the template; answers whether it was saved. Failures are shown by the API client. */
  const save = async (): Promise<boolean> => {
    if (!draft || readOnly) return false;
    // The server checks the same (SPEC §5); checked here first, the administrator sees why at once.
    const refused = labelTemplateProblem(draft.template);
    setProblem(refused);
    if (refused) return false;
    setSaving(true);
    try {
      await saveLabelTemplate(id, draft.template);
      setDraft({ ...draft, savedJson: JSON.stringify(draft.template) });
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  const dirty = draft ? JSON.stringify(draft.template) !== draft.savedJson : false;
  return {
    detail,
    failed,
    template: draft?.template ?? null,
    logos,
    readOnly,
    selected: draft?.template.Components.find((c) => c.Key === selected) ?? null,
    select: setSelected,
    updateComponent,
    addComponent,
    removeComponent,
    nudge,
    undo,
    redo,
    canUndo: (draft?.past.length ?? 0) > 0,
    canRedo: (draft?.future.length ?? 0) > 0,
    uploadLogo,
    save,
    saving,
    problem,
    dirty,
    /** Drops the unsaved changes (the administrator chose to leave). */
    discard: () => labelDrafts.forget(id),
  };
}
