import { Button, Card, Input, message, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { FormerMemberRow } from '../../../../domain/schemas/members';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { useMemberHistoryPage } from '../../../pages/members/use-member-history-page';
import { ConfirmBox } from '../dialogs/confirm-box';
import { memberTableProps } from './member-table-props';
import './members-page.css';

/** Organisation > former members (/layout/history): removed members with their removal time, restorable. */
export function MemberHistoryPage() {
  const { t } = useT();
  const time = useFormatTime();
  const page = useMemberHistoryPage();
  // The members the confirm box asks to restore; they stay while the box fades out.
  const [restoring, setRestoring] = useState<{ ids: number[]; open: boolean }>({ ids: [], open: false });

  const restore = (ids: number[]) => {
    if (ids.length === 0) return void message.error(t('errors.members.noneSelected'));
    setRestoring({ ids, open: true });
  };
  /** Restores the asked ones; a refusal stays in the box in words. */
  const onRestore = async () => {
    const result = await page.restore(restoring.ids);
    if (result.ok) void message.success(t('members.done.restored'));
    return result;
  };

  const columns: ColumnsType<FormerMemberRow> = [
    { key: 'name', title: t('members.history.columns.name'), dataIndex: 'RealName' },
    {
      key: 'account',
      title: t('members.history.columns.account'),
      render: (_, row) => row.MobilePhone ?? row.Email,
    },
    { key: 'dept', title: t('members.history.columns.department'), render: (_, row) => row.DeptName ?? '-' },
    {
      key: 'registered',
      title: t('members.history.columns.registered'),
      render: (_, row) => time(row.RegisterTime, 'second'),
    },
    {
      key: 'removed',
      title: t('members.history.columns.removed'),
      render: (_, row) => time(row.RemovedTime, 'second'),
    },
    {
      key: 'actions',
      title: t('members.history.columns.actions'),
      width: 110,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          data-testid={`former-restore-${row.ID}`}
          onClick={() => restore([row.ID])}
        >
          {t('members.history.restore')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="members"
      data-testid="member-history"
      variant="borderless"
      title={
        <div className="members-title">
          <span>{t('members.history.title')}</span>
          <Typography.Text type="secondary">{t('members.history.subtitle')}</Typography.Text>
        </div>
      }
    >
      <ConfirmBox
        open={restoring.open}
        testId="former-restore-confirm"
        title={t('members.history.confirmRestore', { count: restoring.ids.length })}
        onConfirm={onRestore}
        onClose={() => setRestoring((last) => ({ ...last, open: false }))}
      />
      <div className="members-toolbar">
        <Input.Search
          allowClear
          data-testid="former-search"
          placeholder={t('members.history.search')}
          onSearch={page.search}
        />
        {/* Off until a former member is picked. */}
        <Button disabled={page.selected.length === 0} onClick={() => restore(page.selected)}>
          {t('members.history.restoreSelected')}
        </Button>
      </div>
      <Table<FormerMemberRow>
        {...memberTableProps(page, {
          empty: t('members.history.empty'),
          failed: t('status.loadFailed'),
          total: (total) => t('members.history.total', { total }),
          rowTestId: 'former-row',
        })}
        columns={columns}
      />
    </Card>
  );
}
