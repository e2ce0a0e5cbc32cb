import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/constants';
import {
  cleanNoticeText,
  isSafeSurveyLink,
  noticeDraftProblems,
  noticeIsLive,
  noticeStatus,
  noticeText,
  surveyDue,
  surveyRemindAt,
} from '../../../domain/rules/notices';

describe('notice rules', () => {
  it.each([
    [99, false, 'scheduled'],
    [100, true, 'live'],
    [199, true, 'live'],
    [200, false, 'ended'],
  ] as const)('a notice from 100 to 200 at %i: live %s, %s', (now, live, status) => {
    expect(noticeIsLive({ beginAt: 100, endAt: 200 }, now)).toBe(live);
    expect(noticeStatus({ beginAt: 100, endAt: 200 }, now)).toBe(status);
  });

  it.each([
    ['no choice yet', null, 0, true],
    ['answered', { choice: 'answered', remindAt: null }, 10 * DAY_MS, false],
    ['never', { choice: 'never', remindAt: null }, 10 * DAY_MS, false],
    ['later, before its time', { choice: 'later', remindAt: 3 * DAY_MS }, 3 * DAY_MS - 1, false],
    ['later, at its time', { choice: 'later', remindAt: 3 * DAY_MS }, 3 * DAY_MS, true],
  ] as const)('a survey with %s is due: %s', (_name, reminder, now, due) => {
    expect(surveyDue(reminder, now)).toBe(due);
  });

  it.each([3, 7, 15] as const)('remind after %i days', (days) => {
    expect(surveyRemindAt(days, 1000)).toBe(1000 + days * DAY_MS);
  });

  it.each([
    ['zh-CN', { Detail: '中文', EnDetail: 'English' }, '中文'],
    ['en-US', { Detail: '中文', EnDetail: 'English' }, 'English'],
    ['en-US', { Detail: '中文', EnDetail: ' ' }, '中文'],
    ['zh-CN', { Detail: '', EnDetail: 'English' }, 'English'],
  ] as const)('in %s shows %j as %s', (language, notice, text) => {
    expect(noticeText(notice, language)).toBe(text);
  });

  it.each([
    ['', true],
    ['https://survey.example/q?a=1', true],
    ['http://intranet/survey', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['survey.example', false],
  ])('survey link %s is safe: %s', (link, safe) => {
    expect(isSafeSurveyLink(link)).toBe(safe);
  });

  it('cleans control characters and line ends but leaves markup as typed', () => {
    expect(cleanNoticeText(' <b>a</b>\r\nb\u0000\u0007 ')).toBe('<b>a</b>\nb');
  });

  it('names each problem of a draft', () => {
    const ok = {
      NoticeType: 'survey',
      Title: 'T',
      Detail: 'd',
      EnDetail: '',
      Link: '',
      BeginTime: 1,
      EndTime: 2,
    } as const;
    expect(noticeDraftProblems(ok)).toEqual({});
    expect(noticeDraftProblems({ ...ok, Title: '', Detail: '', EndTime: 1, Link: 'ftp://x' })).toEqual({
      Title: 'errors.notices.titleRequired',
      Detail: 'errors.notices.detailRequired',
      Link: 'errors.notices.linkInvalid',
      EndTime: 'errors.notices.windowInvalid',
    });
  });
});
