import { Button, Card, Input, Modal, Space, Table, Tag, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { monomerSvg } from '../../../../domain/rules/monomer-structure';
import type { Monomer } from '../../../../domain/schemas/monomers';
import { useMonomersPage } from '../../../pages/monomers/use-monomers-page';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { useT } from '../../../i18n/use-t';
import { ConfirmBox } from '../dialogs/confirm-box';
import { MonomerDialog } from './monomer-dialog';

/** A structure drawn by OpenChemLib, shown as an image (an SVG in an img runs nothing). */
function Structure({ monomer }: { monomer: Monomer }) {
  const source = useMemo(() => {
    const svg = monomerSvg(monomer.Smiles, 140, 90, `m${monomer.ID}`);
    return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  }, [monomer.ID, monomer.Smiles]);
  return source ? <img src={source} width={140} height={90} alt={monomer.Smiles} /> : null;
}

/** Components > Monomer library (/layout/monomerLib): the HELM monomers with their structures. */
export function MonomersPage() {
  const { t } = useT();
  const page = useMonomersPage();
  const [removing, setRemoving] = useState<Monomer | null>(null);

  const columns = [
    {
      title: t('monomers.columns.structure'),
      key: 'structure',
      render: (_: unknown, row: Monomer) => <Structure monomer={row} />,
    },
    {
      title: t('monomers.columns.symbol'),
      dataIndex: 'Symbol',
      render: (symbol: string, row: Monomer) => (
        <Space>
          <strong>{symbol}</strong>
          {row.IsSystem && <Tag>{t('monomers.system')}</Tag>}
        </Space>
      ),
    },
    { title: t('monomers.columns.name'), dataIndex: 'Name' },
    { title: t('monomers.columns.polymerType'), dataIndex: 'PolymerType' },
    { title: t('monomers.columns.monomerType'), dataIndex: 'MonomerType' },
    { title: t('monomers.columns.naturalAnalog'), dataIndex: 'NaturalAnalog' },
    {
      title: t('monomers.columns.rGroups'),
      key: 'rGroups',
      render: (_: unknown, row: Monomer) =>
        row.RGroups.map((group) => `${group.Label} (${group.CapGroupName})`).join(', '),
    },
    { title: t('monomers.columns.creator'), dataIndex: 'Creator' },
    {
      title: t('monomers.columns.actions'),
      key: 'actions',
      render: (_: unknown, row: Monomer) =>
        row.IsSystem ? null : (
          <Space>
            <Button type="link" onClick={() => page.startEdit(row)}>
              {t('monomers.actionEdit')}
            </Button>
            <Button type="link" danger onClick={() => setRemoving(row)}>
              {t('monomers.actionDelete')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('menus.monomerLib')}
      extra={
        <Space>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void page.importFile(file);
              return false;
            }}
          >
            <Button data-testid="monomer-import">{t('monomers.import')}</Button>
          </Upload>
          <Button data-testid="monomer-export" onClick={() => void page.exportLibrary()}>
            {t('monomers.export')}
          </Button>
          <Button type="primary" data-testid="monomer-add" onClick={page.startAdd}>
            {t('monomers.add')}
          </Button>
        </Space>
      }
    >
      <Input.Search
        data-testid="monomer-search"
        allowClear
        placeholder={t('monomers.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={page.search}
      />
      <Table<Monomer>
        data-testid="monomer-table"
        rowKey="ID"
        size="small"
        loading={page.loading}
        columns={columns}
        dataSource={page.list?.rows ?? []}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: page.list?.total ?? 0,
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          onChange: page.setPageIndex,
        }}
      />
      {page.editing && <MonomerDialog monomer={page.editing} onClose={page.closeEditor} />}
      <ConfirmBox
        open={removing !== null}
        danger
        title={t('monomers.actionDelete')}
        content={removing ? t('monomers.deleteConfirm', { symbol: removing.Symbol }) : null}
        onConfirm={async () => (removing ? page.remove(removing) : true)}
        onClose={() => setRemoving(null)}
        testId="monomer-delete"
      />
      <Modal
        open={page.report !== null}
        title={page.report?.ProblemCount ? t('monomers.importProblems') : t('monomers.import')}
        footer={null}
        onCancel={page.closeReport}
      >
        {page.report && page.report.ProblemCount === 0 && (
          <p>{t('monomers.imported', { count: page.report.Imported })}</p>
        )}
        <ul data-testid="monomer-import-problems">
          {page.report?.Problems.map((problem) => (
            <li key={problem.Row}>
              {t('monomers.row', { row: problem.Row })} {problem.Symbol}: {t(problem.key, problem.params)}
            </li>
          ))}
        </ul>
      </Modal>
    </Card>
  );
}
