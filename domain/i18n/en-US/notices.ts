import type { Catalogue } from '../catalogue-type';
import type { notices as zh, noticesErrors as zhErrors } from '../zh-CN/notices';

/** Notices: the announcement banner, the satisfaction survey and the administrators' Notices tab (SPEC §2). */
export const notices: Catalogue<typeof zh> = {
  banner: {
    label: 'Announcement',
    expand: 'Expand',
    collapse: 'Collapse',
    close: 'Close the announcement',
  },
  survey: {
    title: 'Satisfaction survey',
    answer: 'Take the survey',
    answered: "I've filled it in",
    remindLater: 'Remind me later',
    remindIn: 'In {{days}} days',
    never: "Don't remind me again",
    later: "We'll remind you in {{days}} days",
  },
  admin: {
    title: 'Notices',
    intro:
      "Announcements and surveys posted here are shown only to your organisation's members, between their begin and end times. Their text is shown as plain text.",
    create: 'Post a notice',
    types: { announcement: 'Announcement banner', survey: 'Satisfaction survey' },
    fields: {
      type: 'Type',
      title: 'Title',
      detail: 'Chinese text',
      enDetail: 'English text',
      link: 'Survey link',
      linkHint:
        'Optional. Empty: the survey text is shown in the popup itself; otherwise it starts with http:// or https://',
      window: 'Shown',
    },
    columns: {
      type: 'Type',
      title: 'Title',
      window: 'Shown',
      status: 'Status',
      createdBy: 'Posted by',
      actions: 'Actions',
    },
    statuses: { scheduled: 'Scheduled', live: 'Showing', ended: 'Ended' },
    end: 'End',
    endConfirm: 'Members will no longer see this notice. End it?',
    posted: 'Posted successfully',
    ended: 'Ended',
    empty: 'No notices posted yet',
  },
};

/** Error messages of notices (errors.notices.*). */
export const noticesErrors: Catalogue<typeof zhErrors> = {
  titleRequired: 'Please enter a title',
  titleTooLong: "The title can't exceed 100 letters",
  detailRequired: 'Please enter the text in at least one language',
  detailTooLong: "The text can't exceed 2000 letters",
  linkInvalid: 'The survey link must start with http:// or https://',
  windowInvalid: 'The end must be after the begin',
  remindDays: 'A reminder can only be in 3, 7 or 15 days',
  notFound: 'The notice does not exist',
  tooMany: 'At most {{count}} notices can be posted a day. Please try again tomorrow',
};
