import { type ButtonProps, Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import type { DepartmentNode } from '../../../../domain/schemas/departments';
import { searchManagerOptions } from '../../../adapters/departments-api';
import type { useDepartmentsPage } from '../../../pages/departments/use-departments-page';
import { useT } from '../../../i18n/use-t';
import { ProblemAlert } from '../dialogs/problem-alert';

type Page = ReturnType<typeof useDepartmentsPage>;

const TOP = 0;

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** The tree as TreeSelect options. */
function treeOptions(nodes: DepartmentNode[]): TreeOption[] {
  return nodes.map((node) => ({ value: node.ID, title: node.Name, children: treeOptions(node.Children) }));
}

/** Members to choose the manager from, searched on the server as the administrator types. */
function ManagerSelect({ page }: { page: Page }) {
  const { t } = useT();
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const search = (keyword: string) =>
    searchManagerOptions(keyword).then(
      (found) => setOptions(found.map((o) => ({ value: o.id, label: o.label }))),
      () => setOptions([]),
    );
  useEffect(() => {
    void search('');
  }, []);
  const current =
    page.form.managerId !== null && !options.some((o) => o.value === page.form.managerId)
      ? [{ value: page.form.managerId, label: page.form.managerLabel ?? `#${page.form.managerId}` }]
      : [];
  return (
    <Select
      data-testid="dept-manager"
      allowClear
      showSearch={{ filterOption: false, onSearch: (keyword) => void search(keyword) }}
      placeholder={t('departments.managerPlaceholder')}
      value={page.form.managerId ?? undefined}
      options={[...current, ...options]}
      onChange={(value: number | undefined, option) => {
        const label = Array.isArray(option) ? null : (option?.label ?? null);
        page.update({ managerId: value ?? null, managerLabel: typeof label === 'string' ? label : null });
      }}
    />
  );
}

/** The create / edit / move dialog of the Departments screen; a refusal shows inside it. */
export function DepartmentDialog({
  page,
  onDone,
}: {
  page: Page;
  onDone: (saved: boolean, mode: 'create' | 'edit' | 'move') => void;
}) {
  const { t } = useT();
  const dialog = page.dialog;
  if (!dialog) return null;
  const title =
    dialog.mode === 'create'
      ? t('departments.createTitle')
      : dialog.mode === 'edit'
        ? t('departments.editTitle')
        : t('departments.moveTitle');

  return (
    <Modal
      open
      title={title}
      okText={t('departments.ok')}
      cancelText={t('departments.cancel')}
      confirmLoading={page.busy}
      okButtonProps={{ 'data-testid': 'dept-dialog-ok' } as ButtonProps}
      onOk={async () => onDone(await page.submit(), dialog.mode)}
      onCancel={page.close}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="dept-dialog">
        {dialog.mode !== 'edit' && (
          <Form.Item label={dialog.mode === 'move' ? t('departments.moveTo') : t('departments.parent')}>
            <TreeSelect
              data-testid="dept-parent"
              treeDefaultExpandAll
              value={page.form.parentId ?? TOP}
              treeData={[
                { value: TOP, title: t('departments.topLevel'), children: [] },
                ...treeOptions(page.tree),
              ]}
              onChange={(value: number) => page.update({ parentId: value === TOP ? null : value })}
            />
          </Form.Item>
        )}
        {dialog.mode !== 'move' && (
          <>
            <Form.Item label={t('departments.name')} required>
              <Input
                data-testid="dept-name"
                maxLength={50}
                value={page.form.name}
                onChange={(e) => page.update({ name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('departments.manager')}>
              <ManagerSelect page={page} />
            </Form.Item>
            <Form.Item label={t('departments.description')}>
              <Input.TextArea
                data-testid="dept-description"
                rows={3}
                maxLength={500}
                value={page.form.description}
                onChange={(e) => page.update({ description: e.target.value })}
              />
            </Form.Item>
          </>
        )}
        <ProblemAlert problem={page.problem} data-testid="dept-dialog-error" />
      </Form>
    </Modal>
  );
}
