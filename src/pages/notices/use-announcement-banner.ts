import { useEffect, useState } from 'react';
import { noticeText } from '../../../domain/rules/notices';
import type { Notice } from '../../../domain/schemas/notices';
import { getLatestNotice } from '../../adapters/notices-api';
import { readClosedAnnouncements, writeClosedAnnouncement } from '../../adapters/storage';
import { useT } from '../../i18n/use-t';
import { useSession } from '../session/use-session';

/**
 * The system-update announcement banner (SPEC §2, §4): the newest announcement live for the signed-in
 * member (the server keeps to its begin and end times), in the user's language (Detail for zh-CN, else
 * EnDetail). It starts collapsed to one line, expands to the whole text and collapses again; closing it
 * hides it for the rest of the session (sessionStorage). Texts are plain text: views render them as text.
 */
export function useAnnouncementBanner() {
  const { session } = useSession();
  const { language } = useT();
  const signedIn = session !== null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [closed, setClosed] = useState<number[]>(readClosedAnnouncements);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    getLatestNotice('announcement').then(
      (latest) => {
        if (live) setNotice(latest);
      },
      () => undefined, // a banner that cannot load stays away
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const visible = signedIn && notice !== null && !closed.includes(notice.ID);
  return {
    visible,
    /** The notice's id, for tests and keys. */
    id: notice?.ID ?? null,
    title: notice?.Title ?? '',
    text: notice ? noticeText(notice, language) : '',
    expanded,
    toggle: () => setExpanded((value) => !value),
    /** Closes the banner for the rest of the session. */
    close: () => {
      if (!notice) return;
      writeClosedAnnouncement(notice.ID);
      setClosed(readClosedAnnouncements());
    },
  };
}
