import { useEffect, useState } from 'react';
import type { ErrorKey } from '../../../domain/i18n';
import {
  labelTemplateInputSchema,
  type LabelTemplateInput,
  type LabelTemplateSummary,
} from '../../../domain/schemas/label-templates';
import {
  createLabelTemplate,
  getLabelTemplate,
  labelTemplateNameExists,
  pageLabelTemplates,
} from '../../adapters/label-templates-api';

/** The new template's form: the template it starts from ('' for blank), its name, type and size. */
export interface NewLabelForm {
  baseId: string;
  Name: string;
  Type: LabelTemplateInput['Type'];
  Width: number | null;
  Height: number | null;
}

/**
 * Choosing how a new template starts (/layout/tagsDesign/selectTemplate): blank, or a copy of the
 * components of a template the organisation sees, with a name unique in the organisation and a size in mm
 * (positive, two decimals at most). Creating it answers the new template's id for the designer.
 */
export function useSelectTemplate() {
  const [templates, setTemplates] = useState<LabelTemplateSummary[]>([]);
  const [form, setForm] = useState<NewLabelForm>({
    baseId: '',
    Name: '',
    Type: 'general',
    Width: 50,
    Height: 30,
  });
  const [problem, setProblem] = useState<ErrorKey | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let live = true;
    pageLabelTemplates({ pageIndex: 1, pageSize: 100 }).then(
      (page) => live && setTemplates(page.list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const update = (changes: Partial<NewLabelForm>) => {
    setProblem(null);
    const base = changes.baseId ? templates.find((t) => t.ID === changes.baseId) : undefined;
    const fromBase = base ? { Type: base.Type, Width: base.Width, Height: base.Height } : {};
    setForm((current) => ({ ...current, ...fromBase, ...changes }));
  };

  /** Creates the template; answers its id, or null with the problem set. */
  const create = async (): Promise<string | null> => {
    const components = form.baseId ? (await getLabelTemplate(form.baseId)).Components : [];
    const checked = labelTemplateInputSchema.safeParse({
      Name: form.Name,
      Type: form.Type,
      Width: form.Width ?? 0,
      Height: form.Height ?? 0,
      Components: components,
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0].message as ErrorKey);
      return null;
    }
    if (await labelTemplateNameExists(checked.data.Name)) {
      setProblem('errors.labels.nameRepeated');
      return null;
    }
    setCreating(true);
    try {
      return await createLabelTemplate(checked.data);
    } catch {
      return null;
    } finally {
      setCreating(false);
    }
  };

  return { templates, form, update, problem, creating, create };
}
