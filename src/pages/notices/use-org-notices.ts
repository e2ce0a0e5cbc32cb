import { useEffect, useState } from 'react';
import { DAY_MS } from '../../../domain/constants';
import {
  cleanNoticeText,
  type NoticeDraft,
  type NoticeDraftProblems,
  noticeDraftProblems,
} from '../../../domain/rules/notices';
import type { OrgNotice } from '../../../domain/schemas/notices';
import { endOrgNotice, listOrgNotices, postOrgNotice } from '../../adapters/notices-api';
import { type Problem, problemOf } from '../departments/department-problem';
import { usePageSize } from '../table/use-page-size';

/** A new notice's form as it opens: an announcement shown from now for a week. */
export function emptyNoticeDraft(now: number): NoticeDraft {
  return {
    NoticeType: 'announcement',
    Title: '',
    Detail: '',
    EnDetail: '',
    Link: '',
    BeginTime: now,
    EndTime: now + 7 * DAY_MS,
  };
}

/**
 * System settings > Notices (organisation administrators): the organisation's own notices, newest first,
 * a form to post an announcement or survey to its members (checked by the same rules as the server, its
 * refusal shown in words) and ending a notice at once.
 */
export function useOrgNotices(nowMs: () => number = Date.now) {
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = usePageSize('orgNotices');
  // Bumped to read the list again (after a post or an end); the list answered for one (page, version).
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<{ key: string; rows: OrgNotice[]; total: number } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [draft, setDraft] = useState<NoticeDraft | null>(null);
  const [problems, setProblems] = useState<NoticeDraftProblems>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState(0);
  const key = `${pageIndex}:${pageSize}:${version}`;

  useEffect(() => {
    let live = true;
    listOrgNotices(pageIndex, pageSize).then(
      (result) => live && setList({ key, rows: result.rows, total: result.total }),
      () => live && setFailedKey(key),
    );
    return () => {
      live = false;
    };
  }, [key, pageIndex, pageSize]);

  const reload = () => setVersion((value) => value + 1);
  const status = list?.key === key ? 'ready' : failedKey === key ? 'failed' : 'loading';

  const submit = async () => {
    if (!draft) return;
    const cleaned: NoticeDraft = {
      ...draft,
      Title: cleanNoticeText(draft.Title),
      Detail: cleanNoticeText(draft.Detail),
      EnDetail: cleanNoticeText(draft.EnDetail),
      Link: draft.Link.trim(),
    };
    const found = noticeDraftProblems(cleaned);
    setProblems(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await postOrgNotice(cleaned);
      setDraft(null);
      setPosted((count) => count + 1);
      setPageIndex(1);
      reload();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    rows: list?.rows ?? [],
    total: list?.total ?? 0,
    pageIndex,
    pageSize,
    status,
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    setPageIndex: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(1);
      } else setPageIndex(index);
    },
    reload,
    /** The form of a new notice while it is open, else null. */
    draft,
    problems,
    problem,
    busy,
    /** Counts notices posted on this screen, so a view can say so once per post. */
    posted,
    openForm: () => {
      setProblems({});
      setProblem(null);
      setDraft(emptyNoticeDraft(nowMs()));
    },
    closeForm: () => setDraft(null),
    change: (changes: Partial<NoticeDraft>) => {
      setProblems({});
      setProblem(null);
      setDraft((current) => (current ? { ...current, ...changes } : current));
    },
    submit,
    /** Ends a notice now; the list shows it ended. */
    end: async (id: number) => {
      try {
        await endOrgNotice(id);
      } finally {
        reload();
      }
    },
  };
}
