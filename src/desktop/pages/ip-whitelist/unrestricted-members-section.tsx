import { Button, Card, message, Modal, Popconfirm, Select, Table, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { IpUnrestrictedPage } from '../../../../domain/schemas/ip-whitelist';
import { useUnrestrictedMembers } from '../../../pages/ip-whitelist/use-unrestricted-members';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { ProblemAlert } from '../dialogs/problem-alert';

type Row = IpUnrestrictedPage['rows'][number];

/** The unrestricted members of the IP whitelist tab: a page of them, add (searched) and remove. */
export function UnrestrictedMembersSection() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const list = useUnrestrictedMembers();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);

  const openAdd = () => {
    setPicked([]);
    setAdding(true);
    void list.search('');
  };
  const onAdd = async () => {
    if (await list.add(picked)) {
      setAdding(false);
      void message.success(t('governance.ipWhitelist.added'));
    }
  };
  const onRemove = async (id: number) => {
    if (await list.remove(id)) void message.success(t('governance.ipWhitelist.removed'));
  };

  const columns: ColumnsType<Row> = [
    { title: t('governance.ipWhitelist.columns.name'), dataIndex: 'RealName' },
    {
      title: t('governance.ipWhitelist.columns.account'),
      render: (_, row) => row.MobilePhone ?? row.Email ?? '',
    },
    { title: t('governance.ipWhitelist.columns.department'), render: (_, row) => row.DeptName ?? '-' },
    {
      title: t('governance.ipWhitelist.columns.addedAt'),
      render: (_, row) => formatTime(row.AddedAt),
    },
    {
      title: t('governance.ipWhitelist.columns.actions'),
      width: 100,
      render: (_, row) => (
        <Popconfirm
          title={t('governance.ipWhitelist.removeConfirm', { name: row.RealName })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => onRemove(row.ID)}
        >
          <Button type="link" danger size="small" data-testid={`ip-remove-${row.ID}`}>
            {t('governance.ipWhitelist.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('governance.ipWhitelist.unrestrictedTitle')}
      extra={
        <Button data-testid="ip-add" onClick={openAdd}>
          {t('governance.ipWhitelist.add')}
        </Button>
      }
      data-testid="ip-unrestricted"
    >
      <Typography.Paragraph type="secondary">
        {t('governance.ipWhitelist.unrestrictedIntro')}
      </Typography.Paragraph>
      <ProblemAlert problem={list.problem} style={{ marginBottom: 12 }} />
      <Table<Row>
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={list.page?.rows ?? []}
        loading={list.loading}
        locale={{ emptyText: t('governance.ipWhitelist.empty') }}
        pagination={{
          current: list.pageIndex,
          pageSize: list.pageSize,
          total: list.page?.total ?? 0,
          // Hidden only while even the smallest size needs no second page, so a larger size can be undone.
          hideOnSinglePage: (list.page?.total ?? 0) <= PAGE_SIZE_OPTIONS[0],
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          onChange: list.goTo,
        }}
      />
      <Modal
        open={adding}
        title={t('governance.ipWhitelist.addTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'ip-add-ok' } as ButtonProps}
        onOk={onAdd}
        onCancel={() => setAdding(false)}
      >
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: (keyword) => void list.search(keyword) }}
          style={{ width: '100%' }}
          data-testid="ip-add-select"
          placeholder={t('governance.ipWhitelist.pick')}
          value={picked}
          onChange={setPicked}
          options={list.options.map((member) => ({
            value: member.ID,
            label: `${member.RealName} (${member.MobilePhone ?? member.Email ?? ''})`,
          }))}
        />
      </Modal>
    </Card>
  );
}
