import { Alert, Button, Card, Input, message, Modal, Segmented, Select, Space, Table, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import type { MenuTreeItem, MenuUser } from '../../../../domain/schemas/menus';
import { useT } from '../../../i18n/use-t';
import type { ActionResult } from '../../../pages/authorisation/action-result';
import { checkedPages, useMenuAccess } from '../../../pages/authorisation/use-menu-access';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';

/** The menus as a checkable tree; always-on pages are shown checked and cannot be unchecked. */
function treeData(tree: MenuTreeItem[], alwaysOn: string[], alwaysOnLabel: string): DataNode[] {
  return tree.map((menu) => ({
    key: menu.Code,
    title:
      alwaysOn.includes(menu.Code) && menu.Children.length === 0
        ? `${menu.Name} (${alwaysOnLabel})`
        : menu.Name,
    disableCheckbox: alwaysOn.includes(menu.Code) && menu.Children.length === 0,
    children: treeData(menu.Children, alwaysOn, alwaysOnLabel),
  }));
}

/** Menu access: a role type's menus on the left, its members (and their own menus) on the right. */
export function MenuAccessTab() {
  const { t } = useT();
  const page = useMenuAccess();
  const [editing, setEditing] = useState<{ ids: number[]; name?: string; codes: string[] } | null>(null);
  // A refused save of the role's menus (e.g. an administrator's own access) stays beside the tree.
  const [roleRefusal, setRoleRefusal] = useState<string | null>(null);
  const nodes = treeData(page.tree, page.alwaysOn, t('authorisation.alwaysOn'));
  const pages = page.tree.flatMap((group) =>
    group.Children.map((menu) => ({ value: menu.Code, label: menu.Name })),
  );
  const show = (result: ActionResult, done: Parameters<typeof t>[0]) => {
    if (result.ok) void message.success(t(done));
    else void message.error(t(result.key, result.params));
    return result.ok;
  };
  const openMember = async (user: MenuUser) => {
    const answer = await page.memberTree(user.ID);
    setEditing({ ids: [user.ID], name: user.RealName, codes: checkedPages(answer.Tree) });
  };

  return (
    <div data-testid="menu-access">
      <Segmented
        className="menu-access-role"
        value={page.role}
        onChange={(value) => {
          setRoleRefusal(null);
          page.setRole(value as 'admin' | 'member');
        }}
        options={[
          { value: 'member', label: t('authorisation.roleMember') },
          { value: 'admin', label: t('authorisation.roleAdmin') },
        ]}
      />
      <div className="menu-access">
        <Card size="small" title={t('authorisation.roleDefault')} data-testid="menu-role">
          <Alert type="info" message={t('authorisation.roleHint')} style={{ marginBottom: 12 }} />
          <Tree
            checkable
            defaultExpandAll
            key={`${page.role}-${page.tree.length}`}
            treeData={nodes}
            checkedKeys={page.checked}
            onCheck={(keys) => page.setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
          {roleRefusal && (
            <Alert type="error" showIcon message={roleRefusal} data-testid="menu-role-refusal" />
          )}
          <Button
            type="primary"
            style={{ marginTop: 12 }}
            data-testid="menu-role-save"
            onClick={async () => {
              const result = await page.saveRole();
              setRoleRefusal(result.ok ? null : t(result.key, result.params));
              if (result.ok) void message.success(t('authorisation.menusSaved'));
            }}
          >
            {t('authorisation.save')}
          </Button>
        </Card>
        <Card size="small" title={t('authorisation.membersOfRole')}>
          <div className="authorisation-toolbar">
            <Input.Search allowClear placeholder={t('authorisation.search')} onSearch={page.search} />
            <Select
              allowClear
              placeholder={t('authorisation.menuFilter')}
              value={page.menuId}
              onChange={page.setMenuId}
              options={pages}
              data-testid="menu-filter"
            />
            <Button
              className="push-right"
              onClick={() =>
                page.selected.length === 0
                  ? void message.error(t('errors.menuAccess.noneSelected'))
                  : setEditing({ ids: page.selected, codes: page.checked })
              }
            >
              {t('authorisation.batchMenus', { count: page.selected.length })}
            </Button>
          </div>
          <Table<MenuUser>
            rowKey="ID"
            size="small"
            scroll={{ x: 'max-content' }}
            dataSource={page.users.rows}
            rowSelection={{
              selectedRowKeys: page.selected,
              onChange: (keys) => page.setSelected(keys.map(Number)),
            }}
            pagination={{
              current: page.pageIndex,
              pageSize: page.pageSize,
              total: page.users.total,
              // 10/20/50/100, remembered for this table (issue 23).
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              onChange: page.setPageIndex,
            }}
            columns={[
              { key: 'name', title: t('authorisation.member'), dataIndex: 'RealName' },
              { key: 'account', title: t('authorisation.account'), dataIndex: 'Account', ellipsis: true },
              ...(page.menuId
                ? [
                    {
                      key: 'auth',
                      title: pages.find((p) => p.value === page.menuId)?.label,
                      render: (_: unknown, user: MenuUser) => (
                        <Tag color={user.HasAuth ? 'green' : 'default'}>
                          {t(user.HasAuth ? 'authorisation.hasAuth' : 'authorisation.noAuth')}
                        </Tag>
                      ),
                    },
                  ]
                : []),
              {
                key: 'custom',
                title: t('authorisation.source'),
                render: (_, user) =>
                  user.Custom ? (
                    <Tag color="purple">{t('authorisation.custom')}</Tag>
                  ) : (
                    t('authorisation.inherit')
                  ),
              },
              {
                key: 'actions',
                render: (_, user) => (
                  <Space size={0}>
                    <Button
                      type="link"
                      data-testid={`menus-${user.ID}`}
                      onClick={() => void openMember(user)}
                    >
                      {t('authorisation.customise')}
                    </Button>
                    {user.Custom && (
                      <Button
                        type="link"
                        onClick={async () =>
                          show(await page.inheritMembers([user.ID]), 'authorisation.menusSaved')
                        }
                      >
                        {t('authorisation.resetToRole')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </div>
      {editing && (
        <MemberMenusDialog
          title={
            editing.name
              ? t('authorisation.memberMenus', { name: editing.name })
              : t('authorisation.batchMenus', { count: editing.ids.length })
          }
          nodes={nodes}
          initial={editing.codes}
          onClose={() => setEditing(null)}
          onSubmit={(codes) => page.saveMembers(editing.ids, codes)}
        />
      )}
    </div>
  );
}

interface DialogProps {
  title: string;
  nodes: DataNode[];
  initial: string[];
  onClose: () => void;
  onSubmit: (codes: string[]) => Promise<ActionResult>;
}

/** A member's (or several members') own menus; a refusal (e.g. your own access) stays in the dialog. */
function MemberMenusDialog({ title, nodes, initial, onClose, onSubmit }: DialogProps) {
  const { t } = useT();
  const [codes, setCodes] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    const result = await onSubmit(codes);
    if (!result.ok) return setRefusal(t(result.key, result.params));
    void message.success(t('authorisation.menusSaved'));
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'menus-ok' }}
    >
      <Tree
        checkable
        defaultExpandAll
        treeData={nodes}
        checkedKeys={codes}
        onCheck={(keys) => setCodes((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="menus-refusal" />}
    </Modal>
  );
}
