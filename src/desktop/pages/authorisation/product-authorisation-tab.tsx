import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Input,
  message,
  Modal,
  Radio,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { LicenceMode } from '../../../../domain/rules/authorisation';
import type { MemberRow } from '../../../../domain/schemas/members';
import { useT } from '../../../i18n/use-t';
import type { ActionResult } from '../../../pages/authorisation/action-result';
import { useProductAuthorisation } from '../../../pages/authorisation/use-product-authorisation';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';

/** Who the dialog authorises: one member (their products preset) or the picked ones. */
type Target = { ids: number[]; name?: string; products: string[] };

/** Product authorisation: seats, members with their products, and the dialog for one or several. */
export function ProductAuthorisationTab() {
  const { t } = useT();
  const page = useProductAuthorisation();
  const [target, setTarget] = useState<Target | null>(null);

  if (page.status !== 'loading' && page.seats.length === 0) {
    return <Empty description={t('authorisation.noProducts')} />;
  }
  return (
    <div data-testid="product-authorisation">
      <div className="authorisation-seats">
        {page.seats.map((seat) => (
          <div
            key={seat.Code}
            className={`authorisation-seat${seat.Seats !== null && seat.Used >= seat.Seats ? ' full' : ''}`}
            data-testid={`seat-${seat.Code}`}
          >
            <strong>{seat.PlatformName}</strong>
            <Typography.Text type="secondary">
              {seat.Seats === null
                ? t('authorisation.seatsUnlimited', { used: seat.Used })
                : t('authorisation.seatsUsed', { used: seat.Used, seats: seat.Seats })}
            </Typography.Text>
          </div>
        ))}
      </div>
      <div className="authorisation-toolbar">
        <Input.Search allowClear placeholder={t('authorisation.search')} onSearch={page.search} />
        <Select
          allowClear
          placeholder={t('authorisation.allProducts')}
          value={page.product}
          onChange={page.filterProduct}
          options={page.seats.map((seat) => ({ value: seat.Code, label: seat.PlatformName }))}
        />
        <Button
          className="push-right"
          type="primary"
          data-testid="authorise-batch"
          onClick={() =>
            page.selected.length === 0
              ? void message.error(t('errors.authorize.noneSelected'))
              : setTarget({ ids: page.selected, products: [] })
          }
        >
          {t('authorisation.batch', { count: page.selected.length })}
        </Button>
      </div>
      <Table<MemberRow>
        rowKey="ID"
        size="middle"
        loading={page.status === 'loading'}
        dataSource={page.rows}
        rowSelection={{
          selectedRowKeys: page.selected,
          onChange: (keys) => page.setSelected(keys.map(Number)),
        }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: page.total,
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          onChange: page.setPageIndex,
        }}
        columns={[
          { key: 'name', title: t('authorisation.member'), dataIndex: 'RealName', width: 160 },
          {
            key: 'account',
            title: t('authorisation.account'),
            render: (_, row) => row.MobilePhone ?? row.Email,
          },
          { key: 'dept', title: t('authorisation.department'), render: (_, row) => row.DeptName ?? '-' },
          {
            key: 'products',
            title: t('authorisation.products'),
            render: (_, row) =>
              row.Products.length ? (
                <Flex wrap gap={4}>
                  {row.Products.map((code) => (
                    <Tag key={code}>{code}</Tag>
                  ))}
                </Flex>
              ) : (
                t('authorisation.none')
              ),
          },
          {
            key: 'actions',
            width: 110,
            render: (_, row) => (
              <Button
                type="link"
                data-testid={`authorise-${row.ID}`}
                onClick={() => setTarget({ ids: [row.ID], name: row.RealName, products: row.Products })}
              >
                {t('authorisation.edit')}
              </Button>
            ),
          },
        ]}
      />
      {target && (
        <AuthoriseDialog
          target={target}
          seats={page.seats.map((seat) => ({ value: seat.Code, label: seat.PlatformName }))}
          onClose={() => setTarget(null)}
          onSubmit={(products, mode) => page.authorize(target.ids, products, mode)}
        />
      )}
    </div>
  );
}

interface DialogProps {
  target: Target;
  seats: Array<{ value: string; label: string }>;
  onClose: () => void;
  onSubmit: (products: string[], mode: LicenceMode) => Promise<ActionResult>;
}

/** The products to give; several members may also gain or lose them. A refusal stays in the dialog. */
function AuthoriseDialog({ target, seats, onClose, onSubmit }: DialogProps) {
  const { t } = useT();
  const [products, setProducts] = useState<string[]>(target.products);
  const [mode, setMode] = useState<LicenceMode>('set');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    const result = await onSubmit(products, mode);
    setSaving(false);
    if (!result.ok) return setRefusal(t(result.key, result.params));
    void message.success(t('authorisation.saved'));
    onClose();
  };
  return (
    <Modal
      open
      title={
        target.name
          ? t('authorisation.dialogTitle', { name: target.name })
          : t('authorisation.batchTitle', { count: target.ids.length })
      }
      okButtonProps={{ loading: saving, 'data-testid': 'authorise-ok' }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {!target.name && (
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as LicenceMode)}>
          {(['set', 'add', 'remove'] as const).map((value) => (
            <Radio key={value} value={value}>
              {t(`authorisation.mode.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <Checkbox.Group
        className="authorisation-products"
        value={products}
        onChange={(values) => setProducts(values as string[])}
        options={seats}
      />
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="authorise-refusal" />}
    </Modal>
  );
}
