import { noticeStatus, type NoticeType } from '../../domain/rules/notices';
import type { Notice, OrgNotice } from '../../domain/schemas/notices';
import type { NoticeRow } from '../repositories/notices-repository';

/** A notice as members read it. */
export function presentNotice(row: NoticeRow): Notice {
  return {
    ID: Number(row.id),
    NoticeType: row.notice_type as NoticeType,
    Title: row.title,
    Detail: row.detail,
    EnDetail: row.en_detail,
    Link: row.link,
    BeginTime: Number(row.begin_at),
    EndTime: Number(row.end_at),
    Scope: row.org_id === null ? 'deployment' : 'organization',
  };
}

/** A notice as the administrator's list shows it, with where it stands at `now`. */
export function presentOrgNotice(row: NoticeRow, now: number): OrgNotice {
  const notice = presentNotice(row);
  return {
    ...notice,
    Status: noticeStatus({ beginAt: notice.BeginTime, endAt: notice.EndTime }, now),
    CreatedBy: row.created_by,
    CreatedAt: Number(row.created_at),
  };
}
