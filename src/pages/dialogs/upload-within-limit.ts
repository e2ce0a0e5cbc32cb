import { type Problem, problemOf } from '../departments/department-problem';

/** What uploading a picture of a page needs: its limit, its call, and where the page shows the outcome. */
export interface LimitedUpload<T> {
  maxBytes: number;
  /** The refusal of a file over `maxBytes`: it is shown and nothing is sent. */
  tooLarge: Problem;
  send: (file: Blob) => Promise<T>;
  /** Shows what the server stored. */
  stored: (value: T) => void;
  setBusy: (busy: 'uploading' | null) => void;
  setProblem: (problem: Problem | null) => void;
}

/**
 * Uploads `file` unless it is over the limit (refused before it is sent), busy meanwhile and the last refusal
 * cleared; a refusal of the server is shown. Answers whether the file was stored.
 */
export async function uploadWithinLimit<T>(file: Blob, upload: LimitedUpload<T>): Promise<boolean> {
  if (file.size > upload.maxBytes) {
    upload.setProblem(upload.tooLarge);
    return false;
  }
  upload.setBusy('uploading');
  upload.setProblem(null);
  try {
    upload.stored(await upload.send(file));
    return true;
  } catch (error) {
    upload.setProblem(problemOf(error));
    return false;
  } finally {
    upload.setBusy(null);
  }
}

/** What saving a page's form needs: its call, and where the page shows the outcome. */
export interface FormSave<T> {
  send: () => Promise<T>;
  /** Shows what the server stored. */
  stored: (value: T) => void;
  setBusy: (busy: 'saving' | null) => void;
  setProblem: (problem: Problem | null) => void;
}

/**
 * Sends a checked form, busy meanwhile and the last refusal cleared; a refusal of the server is shown.
 * Answers whether the form was stored. The form's picture (uploadWithinLimit) goes the same way.
 */
export async function saveForm<T>(save: FormSave<T>): Promise<boolean> {
  save.setBusy('saving');
  save.setProblem(null);
  try {
    save.stored(await save.send());
    return true;
  } catch (error) {
    save.setProblem(problemOf(error));
    return false;
  } finally {
    save.setBusy(null);
  }
}
