import { useCallback, useRef, useState } from 'react';
import type {
  MemberImportKind,
  MemberImportReport,
  PendingImportPasswordFile,
} from '../../../domain/schemas/member-import';
import { ApiError } from '../../adapters/api-client';
import {
  downloadImportPasswords,
  downloadImportTemplate,
  pendingImportPasswords,
  uploadMemberImport,
} from '../../adapters/member-import-api';
import { saveFile } from '../../adapters/save-file';
import { usePageSize } from '../table/use-page-size';

/** Where an import is: nothing chosen, sending the file, the server checking it, or its answer. */
export type ImportPhase = 'idle' | 'uploading' | 'validating' | 'imported' | 'failed';

/** The one download of the initial passwords: offered, fetching, saved, or refused (taken, expired). */
export type PasswordFileState = 'offered' | 'downloading' | 'downloaded' | 'refused';

/** A refusal of the whole file (not an xlsx, too large, ...), as an error key with its values. */
export interface ImportRefusal {
  key: string;
  params?: Record<string, string | number>;
  message: string;
}

/**
 * Member import dialog logic: download the template, upload a filled file with a determinate progress
 * while it is sent and a validating state while the server checks it, then either the number imported
 * (how many were sent their own initial password, and the one download of the others') or the problems by row. `onImported` runs after a success, so
 * the member list can reload. `kind` 'sso' imports SSO accounts (keyed by external id, no password).
 */
export function useMemberImport(onImported: () => void, kind: MemberImportKind = 'members') {
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [percent, setPercent] = useState(0);
  const [report, setReport] = useState<MemberImportReport | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [passwordFile, setPasswordFile] = useState<PasswordFileState>('offered');
  const [passwordRefusal, setPasswordRefusal] = useState<ImportRefusal | null>(null);
  // A download of an earlier import this administrator has not taken yet, offered again on opening.
  const [pending, setPending] = useState<PendingImportPasswordFile['PasswordFile']>(null);
  const busy = useRef(false);
  const [problemsPageSize, chooseProblemsPageSize] = usePageSize('memberImportProblems');
  const offered = report?.PasswordFile ?? pending;

  const upload = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setFileName(file.name);
      setReport(null);
      setRefusal(null);
      setPasswordFile('offered');
      setPasswordRefusal(null);
      setPending(null);
      setPercent(0);
      setPhase('uploading');
      try {
        const answer = await uploadMemberImport(
          file,
          (fraction) => {
            setPercent(Math.min(100, Math.round(fraction * 100)));
            if (fraction >= 1) setPhase('validating');
          },
          kind,
        );
        setReport(answer);
        setPhase(answer.Imported > 0 ? 'imported' : 'failed');
        if (answer.Imported > 0) onImported();
      } catch (error) {
        const failure = error instanceof ApiError ? error : null;
        setRefusal({
          key: failure?.key ?? 'errors.request.internal',
          params: failure?.params,
          message: failure?.message ?? String(error),
        });
        setPhase('failed');
      } finally {
        busy.current = false;
      }
    },
    [onImported, kind],
  );

  return {
    phase,
    percent,
    report,
    refusal,
    fileName,
    busy: phase === 'uploading' || phase === 'validating',
    upload,
    /** The problem list's page size, 10/20/50/100, remembered on this device. */
    problemsPageSize,
    chooseProblemsPageSize,
    /** Saves the template under the name the server gave it. */
    downloadTemplate: async () => {
      const file = await downloadImportTemplate(kind);
      saveFile(file.blob, file.fileName ?? `${kind}-import-template.xlsx`);
    },
    passwordFile,
    passwordRefusal,
    /** An earlier import's download still waiting for this administrator (null: none). */
    pending,
    /**
     * Whether closing now loses sight of passwords just imported: offered and not downloaded. They stay
     * downloadable from the dialog until they expire, but the administrator is asked first.
     */
    closingLosesPasswords: Boolean(report?.PasswordFile) && passwordFile === 'offered',
    /** Asks the server for this administrator's waiting download (the dialog opened). */
    loadPending: async () => {
      if (kind !== 'members') return;
      try {
        const file = await pendingImportPasswords();
        setPending(file);
        setPasswordFile('offered');
        setPasswordRefusal(null);
      } catch {
        // Nothing to offer: the import itself still works.
        setPending(null);
      }
    },
    /** Saves the initial passwords once; the server forgets them as it answers, so it is offered no more. */
    downloadPasswords: async () => {
      const id = offered?.ID;
      if (!id || passwordFile !== 'offered') return;
      setPasswordFile('downloading');
      try {
        const file = await downloadImportPasswords(id);
        saveFile(file.blob, file.fileName ?? 'member-initial-passwords.xlsx');
        setPasswordFile('downloaded');
      } catch (error) {
        const failure = error instanceof ApiError ? error : null;
        setPasswordRefusal({
          key: failure?.key ?? 'errors.request.internal',
          params: failure?.params,
          message: failure?.message ?? String(error),
        });
        setPasswordFile('refused');
      }
    },
    /** Back to the start, for another file. */
    reset: () => {
      setPhase('idle');
      setReport(null);
      setRefusal(null);
      setFileName(null);
      setPercent(0);
      setPasswordFile('offered');
      setPasswordRefusal(null);
      setPending(null);
    },
  };
}
