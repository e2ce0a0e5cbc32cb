import { Alert, Button, Modal, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import type { MemberPasswords } from '../../../../domain/schemas/members';
import { useT } from '../../../i18n/use-t';
import { SubmitModal } from '../dialogs/submit-modal';
import type { DepartmentOption } from './department-options';

/**
 * One-time passwords to show once (a new member's generated one, or those of a reset), or where each was
 * sent by mail or SMS instead.
 */
export interface ShownPasswords {
  kind: 'created' | 'reset';
  items: MemberPasswords['Passwords'];
}

/**
 * Shows one-time passwords once, with a copy button each, or that a password went to the member by mail
 * or SMS (then it is not shown); one that could not be sent is shown with a warning. Closing forgets them.
 */
export function OneTimePasswordsModal({ shown, onClose }: { shown: ShownPasswords; onClose: () => void }) {
  const { t } = useT();
  const created = shown.kind === 'created';
  const allSent = shown.items.every((item) => item.Password === null);
  return (
    <Modal
      open
      data-testid="member-passwords"
      title={t(created ? 'members.created.title' : 'members.resetDone.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Alert
        type={allSent ? 'success' : 'warning'}
        showIcon
        title={t(
          allSent
            ? 'members.delivery.allSent'
            : created
              ? 'members.created.passwordShownOnce'
              : 'members.resetDone.hint',
        )}
      />
      <Table
        className="member-passwords-table"
        rowKey="ID"
        size="small"
        pagination={false}
        dataSource={shown.items}
        columns={[
          { key: 'account', title: t('members.columns.account'), dataIndex: 'Account' },
          {
            key: 'password',
            title: t('members.form.password'),
            render: (_, item) => {
              const by = item.Delivery?.Channel === 'sms' ? 'sms' : 'email';
              if (item.Password === null) {
                return (
                  <Tag color="success" data-testid="member-password-sent">
                    {t(`members.delivery.sent.${by}`, { to: item.Delivery?.To ?? '' })}
                  </Tag>
                );
              }
              return (
                <Space direction="vertical" size={2}>
                  <Typography.Text
                    code
                    copyable={{ text: item.Password }}
                    data-testid="member-one-time-password"
                  >
                    {item.Password}
                  </Typography.Text>
                  {item.Delivery && (
                    <Tag color="warning" data-testid="member-password-not-sent">
                      {t(`members.delivery.failed.${by}`)}
                    </Tag>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Modal>
  );
}

interface ChangeDepartmentModalProps {
  count: number;
  departments: DepartmentOption[];
  /** Moves the members; true when it worked (the page says why not). */
  onSubmit: (deptId: number | null) => Promise<boolean>;
  onClose: () => void;
}

/** Transfer department: the department the picked members move to (none allowed). */
export function ChangeDepartmentModal({ count, departments, onSubmit, onClose }: ChangeDepartmentModalProps) {
  const { t } = useT();
  const [deptId, setDeptId] = useState<number | null>(null);
  return (
    <SubmitModal
      open
      testId="member-move"
      title={`${t('members.changeDeptTitle')} · ${t('members.selected', { count })}`}
      onSubmit={() => onSubmit(deptId)}
      onClose={onClose}
    >
      <TreeSelect
        className="members-dept-picker"
        allowClear
        treeDefaultExpandAll
        placeholder={t('members.noDepartment')}
        treeData={departments}
        value={deptId ?? undefined}
        onChange={(value?: number) => setDeptId(value ?? null)}
      />
    </SubmitModal>
  );
}
