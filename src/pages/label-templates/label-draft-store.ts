import type { LabelTemplateInput } from '../../../domain/schemas/label-templates';

/** A template being designed: what is on the canvas, its undo and redo stacks, and what was last saved. */
export interface LabelDraft {
  template: LabelTemplateInput;
  past: LabelTemplateInput[];
  future: LabelTemplateInput[];
  savedJson: string;
}

/**
 * Drafts by template id, kept outside React: a navigation the administrator takes back after the
 * unsaved-changes prompt remounts the designer, which picks its draft (and undo history) up from here.
 */
const drafts = new Map<string, LabelDraft>();

export const labelDrafts = {
  get: (id: string) => drafts.get(id),
  set: (id: string, draft: LabelDraft) => drafts.set(id, draft),
  forget: (id: string) => drafts.delete(id),
};
