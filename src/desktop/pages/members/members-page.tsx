import { Button, Card, Flex, message, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { MemberRow } from '../../../../domain/schemas/members';
import { useFormatTime, useT } from '../../../i18n/use-t';
import type { DialogOutcome } from '../../../pages/dialogs/dialog-outcome';
import { type ActionResult, useMembersPage } from '../../../pages/members/use-members-page';
import { ConfirmBox } from '../dialogs/confirm-box';
import { departmentOptions } from './department-options';
import { ChangeDepartmentModal, OneTimePasswordsModal, type ShownPasswords } from './member-dialogs';
import { MemberFormModal } from './member-form-modal';
import { MemberRemoveDialog } from './member-remove-dialog';
import { memberTableProps } from './member-table-props';
import { MemberRowActions } from './member-row-actions';
import { MemberToolbar } from './member-toolbar';
import './members-page.css';

/** Organisation > members (/layout/member): the members list with search, filters and every action. */
export function MembersPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useMembersPage();
  // What the confirm box asks and runs; kept while it fades out after closing.
  const [asking, setAsking] = useState<{
    question: string;
    run: () => Promise<DialogOutcome>;
    open: boolean;
  }>({ question: '', run: async () => undefined, open: false });
  const [form, setForm] = useState<{ row: MemberRow | null } | null>(null);
  const [passwords, setPasswords] = useState<ShownPasswords | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const departments = departmentOptions(page.departments);

  /** Shows what an action ended in: the success text, or the refusal's message. */
  const report = <T,>(result: ActionResult<T>, done: Parameters<typeof t>[0]) => {
    if (result.ok) void message.success(t(done));
    else void message.error(t(result.key ?? 'errors.request.internal'));
    return result.ok;
  };
  /** Asks in the confirm box, then runs; a refusal stays in the box (SPEC §4), a success is toasted. */
  const confirmed = (question: string, run: () => Promise<DialogOutcome>) =>
    setAsking({ question, run, open: true });
  /** A confirmed action's answer: the success text toasted, a refusal handed to the box to show. */
  const settled = <T,>(result: ActionResult<T>, done: Parameters<typeof t>[0]) => {
    if (result.ok) void message.success(t(done));
    return result;
  };

  /** The question about the picked members: one is named ('Remove Wang Chen?'), several are counted. */
  const question = (action: 'remove' | 'setAdmin' | 'revokeAdmin' | 'resetPassword', ids: number[]) => {
    const name = ids.length === 1 ? page.rows.find((row) => row.ID === ids[0])?.RealName : undefined;
    return name
      ? t(`members.confirm.${action}One`, { name })
      : t(`members.confirm.${action}`, { count: ids.length });
  };

  const batch = {
    setAdmin: (ids: number[], admin: boolean) =>
      confirmed(question(admin ? 'setAdmin' : 'revokeAdmin', ids), async () =>
        settled(
          await page.setAdmin(ids, admin),
          admin ? 'members.done.setAdmin' : 'members.done.revokeAdmin',
        ),
      ),
    /** Refusals known before asking are shown at once; otherwise the dialog runs the handover check. */
    remove: (ids: number[]) => {
      const refusal = page.removalRefusal(ids);
      if (refusal) void message.error(t(refusal));
      else setRemoving(ids);
    },
    resetPasswords: (ids: number[]) =>
      confirmed(question('resetPassword', ids), async () => {
        const result = await page.resetPasswords(ids);
        if (result.ok) setPasswords({ kind: 'reset', items: result.value.Passwords });
        return result;
      }),
    unlock: (id: number) =>
      confirmed(t('members.confirm.unlock'), async () =>
        settled(await page.unlock(id), 'members.done.unlocked'),
      ),
  };
  /** The batch buttons are off until a member is picked. */
  const nonePicked = page.selected.length === 0;
  /** A batch button: refuses an empty pick before asking anything. */
  const onPicked = (run: (ids: number[]) => unknown) => () =>
    page.selected.length === 0 ? void message.error(t('errors.members.noneSelected')) : run(page.selected);

  const columns: ColumnsType<MemberRow> = [
    {
      key: 'name',
      title: t('members.columns.name'),
      width: 170,
      fixed: 'left',
      render: (_, row) => (
        <span className="members-name">
          {row.RealName}
          {row.IsOrganAdmin === 1 && <Tag color="blue">{t('members.role.admin')}</Tag>}
        </span>
      ),
    },
    {
      key: 'account',
      title: t('members.columns.account'),
      width: 200,
      render: (_, row) => row.MobilePhone ?? row.Email,
    },
    {
      key: 'dept',
      title: `${t('members.columns.department')} / ${t('members.columns.superior')}`,
      width: 160,
      render: (_, row) => (
        <span className="members-placement">
          {row.DeptName ?? '-'}
          {row.SuperiorName && <Typography.Text type="secondary">{row.SuperiorName}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('members.columns.state'),
      width: 90,
      render: (_, row) =>
        row.Locked ? <Tag color="error">{t('members.state.locked')}</Tag> : t('members.state.active'),
    },
    {
      key: 'products',
      title: t('members.columns.products'),
      width: 130,
      render: (_, row) =>
        row.Products.length ? (
          <Flex wrap gap={4}>
            {row.Products.map((code) => (
              <Tag key={code}>{code}</Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      key: 'lastLogin',
      title: t('members.columns.lastLogin'),
      width: 160,
      render: (_, row) =>
        row.LastLoginTime === null ? t('members.never') : formatTime(row.LastLoginTime, 'second'),
    },
    {
      key: 'actions',
      title: t('members.columns.actions'),
      fixed: 'right',
      width: 130,
      render: (_, row) => (
        <MemberRowActions
          row={row}
          self={page.isSelf(row)}
          onEdit={() => setForm({ row })}
          onSetAdmin={(admin) => batch.setAdmin([row.ID], admin)}
          onUnlock={() => batch.unlock(row.ID)}
          onResetPassword={() => batch.resetPasswords([row.ID])}
          onMove={() => setMoving([row.ID])}
          onRemove={() => batch.remove([row.ID])}
        />
      ),
    },
  ];

  return (
    <Card className="members" data-testid="members" variant="borderless" title={<MembersTitle />}>
      <ConfirmBox
        open={asking.open}
        testId="members-confirm"
        title={asking.question}
        onConfirm={asking.run}
        onClose={() => setAsking((last) => ({ ...last, open: false }))}
      />
      <MemberToolbar page={page} departments={departments} onAdd={() => setForm({ row: null })} />
      <Space className="members-batch" wrap>
        <Typography.Text type="secondary">
          {t('members.selected', { count: page.selected.length })}
        </Typography.Text>
        <Button
          data-testid="members-batch-admin"
          disabled={nonePicked}
          onClick={onPicked((ids) => batch.setAdmin(ids, true))}
        >
          {t('members.actions.setAdmin')}
        </Button>
        <Button disabled={nonePicked} onClick={onPicked((ids) => batch.setAdmin(ids, false))}>
          {t('members.actions.revokeAdmin')}
        </Button>
        <Button disabled={nonePicked} onClick={onPicked((ids) => setMoving(ids))}>
          {t('members.actions.changeDept')}
        </Button>
        <Button disabled={nonePicked} onClick={onPicked(batch.resetPasswords)}>
          {t('members.actions.resetPassword')}
        </Button>
        <Button
          danger
          data-testid="members-batch-remove"
          disabled={nonePicked}
          onClick={onPicked(batch.remove)}
        >
          {t('members.actions.remove')}
        </Button>
      </Space>
      <Table<MemberRow>
        {...memberTableProps(page, {
          empty: t('members.empty'),
          failed: t('status.loadFailed'),
          total: (total) => t('members.total', { total }),
          rowTestId: 'member-row',
        })}
        scroll={{ x: 1060 }}
        columns={columns}
      />
      {form && (
        <MemberFormModal
          row={form.row}
          departments={departments}
          products={page.products}
          searchMembers={page.searchMembers}
          onSubmit={(values) => (form.row ? page.edit(form.row.ID, values) : page.add(values))}
          onDone={(created) => {
            setForm(null);
            void message.success(t(form.row ? 'members.done.edited' : 'members.done.added'));
            if (created) setPasswords({ kind: 'created', items: created });
          }}
          onCancel={() => setForm(null)}
        />
      )}
      {passwords && <OneTimePasswordsModal shown={passwords} onClose={() => setPasswords(null)} />}
      {removing && (
        <MemberRemoveDialog
          ids={removing}
          question={question('remove', removing)}
          check={page.checkHandover}
          onRemove={async (ids) => report(await page.remove(ids), 'members.done.removed')}
          onClose={() => setRemoving(null)}
        />
      )}
      {moving && (
        <ChangeDepartmentModal
          count={moving.length}
          departments={departments}
          onSubmit={async (deptId) =>
            report(await page.changeDepartment(moving, deptId), 'members.done.moved')
          }
          onClose={() => setMoving(null)}
        />
      )}
    </Card>
  );
}

function MembersTitle() {
  const { t } = useT();
  return (
    <div className="members-title">
      <span>{t('members.title')}</span>
      <Typography.Text type="secondary">{t('members.subtitle')}</Typography.Text>
    </div>
  );
}
