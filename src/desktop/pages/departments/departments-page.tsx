import {
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Empty,
  message,
  Popconfirm,
  Skeleton,
  Space,
  Tree,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { DepartmentNode } from '../../../../domain/schemas/departments';
import { useDepartmentsPage } from '../../../pages/departments/use-departments-page';
import { useT } from '../../../i18n/use-t';
import { DepartmentDialog } from './department-dialog';
import './departments-page.css';
import { ProblemAlert } from '../dialogs/problem-alert';

/** Organisation > departments (/layout/orgDpt): the tree on the left, the chosen department on the right. */
export function DepartmentsPage() {
  const { t } = useT();
  const page = useDepartmentsPage();
  const { selected } = page;

  if (page.status !== 'ready') {
    return (
      <Card variant="borderless" title={t('menus.orgDpt')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 8 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }

  const toTree = (nodes: DepartmentNode[]): DataNode[] =>
    nodes.map((node) => ({
      key: node.ID,
      title: (
        <span data-testid={`dept-node-${node.Name}`}>
          {node.Name}
          <span className="departments-count">{t('departments.members', { count: node.MemberCount })}</span>
        </span>
      ),
      children: toTree(node.Children),
    }));
  const done = {
    create: 'departments.added',
    edit: 'departments.edited',
    move: 'departments.moved',
  } as const;
  const onDone = (saved: boolean, mode: keyof typeof done) => {
    if (saved) void message.success(t(done[mode]));
  };
  const open = page.open;
  const onDelete = async (node: DepartmentNode) => {
    if (await page.remove(node)) void message.success(t('departments.deleted'));
  };

  return (
    <Card
      variant="borderless"
      title={t('menus.orgDpt')}
      data-testid="departments"
      extra={
        <Button
          type="primary"
          data-testid="dept-add"
          onClick={() => open({ mode: 'create', parentId: null })}
        >
          {t('departments.add')}
        </Button>
      }
    >
      <ProblemAlert
        problem={page.pageProblem}
        className="departments-alert"
        closable={{ onClose: page.dismissPageProblem }}
        data-testid="dept-page-error"
      />
      <div className="departments-body">
        <div className="departments-tree">
          {page.tree.length === 0 ? (
            <Empty description={t('departments.empty')} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              draggable={{ icon: false }}
              key={page.flat.length}
              treeData={toTree(page.tree)}
              // Dropped onto a department: under it; dropped between two: beside them, under their parent.
              onDrop={async ({ dragNode, node, dropToGap }) => {
                const target = Number(node.key);
                const parentId = dropToGap
                  ? (page.flat.find((entry) => entry.node.ID === target)?.node.ParentID ?? null)
                  : target;
                if (await page.moveByDrop(Number(dragNode.key), parentId)) onDone(true, 'move');
              }}
              selectedKeys={selected ? [selected.ID] : []}
              // A click on the chosen department keeps it chosen (antd's Tree would clear it).
              onSelect={(keys) => keys.length > 0 && page.select(Number(keys[0]))}
            />
          )}
        </div>
        <div className="departments-detail" data-testid="dept-detail">
          {selected ? (
            <>
              <Descriptions title={selected.Name} column={1} bordered size="small">
                <Descriptions.Item label={t('departments.parent')}>
                  {page.flat.find((e) => e.node.ID === selected.ParentID)?.node.Name ??
                    t('departments.topLevel')}
                </Descriptions.Item>
                <Descriptions.Item label={t('departments.manager')}>
                  {selected.ManagerName ?? t('departments.noManager')}
                </Descriptions.Item>
                <Descriptions.Item label={t('departments.description')}>
                  {selected.Description || t('departments.noDescription')}
                </Descriptions.Item>
              </Descriptions>
              <Space className="departments-actions" wrap>
                <Button
                  data-testid="dept-add-child"
                  onClick={() => open({ mode: 'create', parentId: selected.ID })}
                >
                  {t('departments.addChild')}
                </Button>
                <Button data-testid="dept-edit" onClick={() => open({ mode: 'edit', target: selected })}>
                  {t('departments.edit')}
                </Button>
                <Button data-testid="dept-move" onClick={() => open({ mode: 'move', target: selected })}>
                  {t('departments.move')}
                </Button>
                <Popconfirm
                  title={t('departments.deleteConfirm', { name: selected.Name })}
                  okText={t('departments.ok')}
                  cancelText={t('departments.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'dept-delete-ok' } as ButtonProps}
                  onConfirm={() => onDelete(selected)}
                >
                  <Button danger data-testid="dept-delete">
                    {t('departments.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('departments.noSelection')} />
          )}
        </div>
      </div>
      <DepartmentDialog page={page} onDone={onDone} />
    </Card>
  );
}
