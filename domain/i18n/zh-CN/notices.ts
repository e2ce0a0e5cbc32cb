/** Notices: the announcement banner, the satisfaction survey and the administrators' Notices tab (SPEC §2). */
export const notices = {
  banner: {
    label: '系统公告',
    expand: '展开',
    collapse: '收起',
    close: '关闭公告',
  },
  survey: {
    title: '满意度调查',
    answer: '去填写',
    answered: '我已填写',
    remindLater: '稍后提醒',
    remindIn: '{{days}} 天后提醒',
    never: '不再提醒',
    later: '已设置 {{days}} 天后再提醒',
  },
  admin: {
    title: '通知公告',
    intro: '在此发布的公告和调查只对本组织成员显示，在开始与结束时间之间生效。内容按纯文本显示。',
    create: '发布通知',
    types: { announcement: '公告横幅', survey: '满意度调查' },
    fields: {
      type: '类型',
      title: '标题',
      detail: '中文内容',
      enDetail: '英文内容',
      link: '问卷链接',
      linkHint: '可选。留空时在弹窗中直接显示调查内容；填写时以 http:// 或 https:// 开头',
      window: '显示时间',
    },
    columns: {
      type: '类型',
      title: '标题',
      window: '显示时间',
      status: '状态',
      createdBy: '发布人',
      actions: '操作',
    },
    statuses: { scheduled: '未开始', live: '显示中', ended: '已结束' },
    end: '结束',
    endConfirm: '结束后成员将不再看到这条通知，确定结束吗？',
    posted: '发布成功',
    ended: '已结束',
    empty: '还没有发布通知',
  },
};

/** Error messages of notices (errors.notices.*). */
export const noticesErrors = {
  titleRequired: '请输入标题',
  titleTooLong: '标题不能超过 100 个字符',
  detailRequired: '请至少输入一种语言的内容',
  detailTooLong: '内容不能超过 2000 个字符',
  linkInvalid: '问卷链接须以 http:// 或 https:// 开头',
  windowInvalid: '结束时间须晚于开始时间',
  remindDays: '只能选择 3、7 或 15 天后提醒',
  notFound: '通知不存在',
  tooMany: '每天最多发布 {{count}} 条通知，请明天再试',
};
