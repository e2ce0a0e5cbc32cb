import { Button, Dropdown, Space } from 'antd';
import type { MemberRow } from '../../../../domain/schemas/members';
import { useT } from '../../../i18n/use-t';

interface MemberRowActionsProps {
  row: MemberRow;
  /** The signed-in administrator's own row: no remove, revoke or reset (SPEC §5, §6). */
  self: boolean;
  onEdit: () => void;
  onSetAdmin: (admin: boolean) => void;
  onUnlock: () => void;
  onResetPassword: () => void;
  onMove: () => void;
  onRemove: () => void;
}

/** A member row's actions: edit, and the others under More (those that do not apply to yourself hidden). */
export function MemberRowActions({ row, self, ...on }: MemberRowActionsProps) {
  const { t } = useT();
  const admin = row.IsOrganAdmin === 1;
  const items = [
    !self && { key: 'admin', label: t(admin ? 'members.actions.revokeAdmin' : 'members.actions.setAdmin') },
    row.Locked && { key: 'unlock', label: t('members.actions.unlock') },
    !self && { key: 'reset', label: t('members.actions.resetPassword') },
    { key: 'move', label: t('members.actions.changeDept') },
    !self && { key: 'remove', label: t('members.actions.remove'), danger: true },
  ].filter((item) => item !== false);
  const handlers: Record<string, () => void> = {
    admin: () => on.onSetAdmin(!admin),
    unlock: on.onUnlock,
    reset: on.onResetPassword,
    move: on.onMove,
    remove: on.onRemove,
  };
  return (
    <Space size={4}>
      <Button type="link" size="small" data-testid={`member-edit-${row.ID}`} onClick={on.onEdit}>
        {t('members.actions.edit')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: items.map((item) => ({ ...item, 'data-testid': `member-action-${item.key}` })),
          onClick: ({ key }) => handlers[key](),
        }}
      >
        <Button type="link" size="small" data-testid={`member-more-${row.ID}`}>
          {t('members.actions.more')}
        </Button>
      </Dropdown>
    </Space>
  );
}
