import { Button, Card, DatePicker, Form, Input, message, Modal, Radio, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { NOTICE_LIMITS, NOTICE_TYPES } from '../../../../domain/rules/notices';
import type { OrgNotice } from '../../../../domain/schemas/notices';
import { useOrgNotices } from '../../../pages/notices/use-org-notices';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { ConfirmBox } from '../dialogs/confirm-box';
import { ProblemAlert } from '../dialogs/problem-alert';

const STATUS_COLOURS = { scheduled: 'blue', live: 'green', ended: 'default' } as const;

/**
 * System settings > Notices (desktop): the organisation's own announcements and surveys with where each
 * stands, posting a new one to the organisation's members, and ending one at once.
 */
export function NoticesPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useOrgNotices();
  const { draft, problems } = page;
  // The notice the confirm box asks to end; it stays while the box fades out.
  const [ending, setEnding] = useState<{ id: number; open: boolean }>({ id: 0, open: false });

  useEffect(() => {
    if (page.posted > 0) void message.success(t('notices.admin.posted'));
  }, [page.posted, t]);

  const columns: ColumnsType<OrgNotice> = [
    {
      title: t('notices.admin.columns.type'),
      width: 190,
      render: (_, row) => t(`notices.admin.types.${row.NoticeType}`),
    },
    {
      title: t('notices.admin.columns.title'),
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.Title }} style={{ maxWidth: 320 }}>
          {row.Title}
        </Typography.Text>
      ),
    },
    {
      title: t('notices.admin.columns.window'),
      width: 300,
      render: (_, row) => `${formatTime(row.BeginTime)} ~ ${formatTime(row.EndTime)}`,
    },
    {
      title: t('notices.admin.columns.status'),
      width: 100,
      render: (_, row) => (
        <Tag color={STATUS_COLOURS[row.Status]} data-testid={`notice-status-${row.ID}`}>
          {t(`notices.admin.statuses.${row.Status}`)}
        </Tag>
      ),
    },
    { title: t('notices.admin.columns.createdBy'), dataIndex: 'CreatedBy', width: 140 },
    {
      title: t('notices.admin.columns.actions'),
      width: 90,
      render: (_, row) =>
        row.Status === 'ended' ? null : (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`notice-end-${row.ID}`}
            onClick={() => setEnding({ id: row.ID, open: true })}
          >
            {t('notices.admin.end')}
          </Button>
        ),
    },
  ];
  const fieldStatus = (field: keyof typeof problems) => ({
    validateStatus: problems[field] ? ('error' as const) : undefined,
    help: problems[field] ? t(problems[field]) : undefined,
  });

  return (
    <Card
      variant="borderless"
      title={t('notices.admin.title')}
      extra={
        <Button type="primary" data-testid="notice-create" onClick={page.openForm}>
          {t('notices.admin.create')}
        </Button>
      }
      data-testid="org-notices"
    >
      <Typography.Paragraph type="secondary">{t('notices.admin.intro')}</Typography.Paragraph>
      <Table<OrgNotice>
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.status === 'loading'}
        locale={{ emptyText: page.status === 'failed' ? t('status.loadFailed') : t('notices.admin.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: page.total,
          // Hidden only while even the smallest size needs no second page, so a larger size can be undone.
          hideOnSinglePage: page.total <= PAGE_SIZE_OPTIONS[0],
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          onChange: page.setPageIndex,
        }}
      />
      <Modal
        open={draft !== null}
        title={t('notices.admin.create')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={page.busy}
        onOk={() => void page.submit()}
        onCancel={page.closeForm}
        okButtonProps={{ 'data-testid': 'notice-submit' } as Record<string, string>}
        width={600}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical" data-testid="notice-form">
            <ProblemAlert problem={page.problem} style={{ marginBottom: 12 }} />
            <Form.Item label={t('notices.admin.fields.type')}>
              <Radio.Group
                value={draft.NoticeType}
                onChange={(event) => page.change({ NoticeType: event.target.value })}
                options={NOTICE_TYPES.map((type) => ({
                  value: type,
                  label: t(`notices.admin.types.${type}`),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('notices.admin.fields.title')} required {...fieldStatus('Title')}>
              <Input
                data-testid="notice-title"
                maxLength={NOTICE_LIMITS.title}
                showCount
                value={draft.Title}
                onChange={(event) => page.change({ Title: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('notices.admin.fields.detail')} {...fieldStatus('Detail')}>
              <Input.TextArea
                data-testid="notice-detail"
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={NOTICE_LIMITS.detail}
                value={draft.Detail}
                onChange={(event) => page.change({ Detail: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('notices.admin.fields.enDetail')} {...fieldStatus('EnDetail')}>
              <Input.TextArea
                data-testid="notice-en-detail"
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={NOTICE_LIMITS.detail}
                value={draft.EnDetail}
                onChange={(event) => page.change({ EnDetail: event.target.value })}
              />
            </Form.Item>
            {draft.NoticeType === 'survey' && (
              <Form.Item
                label={t('notices.admin.fields.link')}
                {...fieldStatus('Link')}
                extra={problems.Link ? undefined : t('notices.admin.fields.linkHint')}
              >
                <Input
                  data-testid="notice-link"
                  placeholder="https://"
                  value={draft.Link}
                  onChange={(event) => page.change({ Link: event.target.value })}
                />
              </Form.Item>
            )}
            <Form.Item label={t('notices.admin.fields.window')} required {...fieldStatus('EndTime')}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                style={{ width: '100%' }}
                value={[dayjs(draft.BeginTime), dayjs(draft.EndTime)]}
                onChange={(dates) => {
                  if (dates?.[0] && dates[1]) {
                    page.change({ BeginTime: dates[0].valueOf(), EndTime: dates[1].valueOf() });
                  }
                }}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <ConfirmBox
        open={ending.open}
        testId="notice-end-confirm"
        danger
        title={t('notices.admin.endConfirm')}
        // A refusal is toasted by the API client: the box stays open to try again or cancel.
        onConfirm={() =>
          page.end(ending.id).then(
            () => true,
            () => false,
          )
        }
        onClose={() => setEnding((last) => ({ ...last, open: false }))}
      />
    </Card>
  );
}
