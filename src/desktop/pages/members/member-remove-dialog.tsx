import { Alert, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_CODES, type ProductCode } from '../../../../domain/constants';
import type { MemberHandover } from '../../../../domain/schemas/member-handover';
import { useT } from '../../../i18n/use-t';
import type { ActionResult } from '../../../pages/members/use-members-page';

interface MemberRemoveDialogProps {
  ids: number[];
  /** The question, naming the member when one is removed. */
  question: string;
  /** The handover check (SPEC §5), run when the dialog opens. */
  check: (ids: number[]) => Promise<ActionResult<MemberHandover>>;
  /** Removes the members; true when it worked (the page says why not). */
  onRemove: (ids: number[]) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The remove confirmation with the handover check: while the products are asked, a spinner; then what each
 * product says the members still hold, products that could not be checked, and those without a check.
 * Removing stays possible whatever the check found or failed to find.
 */
export function MemberRemoveDialog({ ids, question, check, onRemove, onClose }: MemberRemoveDialogProps) {
  const { t } = useT();
  const [result, setResult] = useState<ActionResult<MemberHandover> | null>(null);
  const [busy, setBusy] = useState(false);
  // The check runs once per pick, not again whenever the page hands down a new function.
  const checkRef = useRef(check);
  useEffect(() => {
    let live = true;
    void checkRef.current(ids).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [ids]);
  const productName = (code: string) =>
    (PRODUCT_CODES as readonly string[]).includes(code) ? t(`products.${code as ProductCode}.name`) : code;

  const products = result?.ok ? result.value.Products : [];
  const asked = products.filter((product) => product.Status !== 'none');
  const unhooked = products.filter((product) => product.Status === 'none');
  const pending = asked.some((product) => product.Accounts.length > 0);
  const failed = asked.some((product) => product.Status === 'failed');
  return (
    <Modal
      open
      data-testid="member-remove"
      title={t('members.handover.title')}
      okText={t('members.handover.confirm')}
      okButtonProps={{ danger: true, disabled: result === null, 'data-testid': 'member-remove-confirm' }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        const removed = await onRemove(ids);
        setBusy(false);
        if (removed) onClose();
      }}
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      <Typography.Title level={5}>{t('members.handover.heading')}</Typography.Title>
      {result === null ? (
        <Space data-testid="member-handover-checking">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('members.handover.checking')}</Typography.Text>
        </Space>
      ) : !result.ok ? (
        <Alert type="warning" showIcon title={t(result.key ?? 'members.handover.checkFailed')} />
      ) : (
        <Space direction="vertical" className="member-handover" data-testid="member-handover">
          {pending && <Alert type="warning" showIcon title={t('members.handover.pending')} />}
          {failed && <Alert type="info" showIcon title={t('members.handover.couldNotCheckHint')} />}
          {asked.length === 0 && <Typography.Text>{t('members.handover.nothing')}</Typography.Text>}
          {asked.length > 0 && (
            <List
              size="small"
              bordered
              dataSource={asked}
              renderItem={(product) => (
                <List.Item data-testid={`member-handover-${product.Product}`}>
                  <div className="member-handover-product">
                    <Space wrap>
                      <Typography.Text strong>{productName(product.Product)}</Typography.Text>
                      {product.Status === 'failed' ? (
                        <Tag color="warning">{t('members.handover.couldNotCheck')}</Tag>
                      ) : (
                        product.Accounts.length === 0 && (
                          <Tag color="success">{t('members.handover.clean')}</Tag>
                        )
                      )}
                    </Space>
                    {product.Accounts.map((account) => (
                      <div key={account.ID} className="member-handover-account">
                        <Typography.Text>{account.RealName}</Typography.Text>
                        <ul>
                          {account.Findings.map((finding, index) => (
                            <li key={index}>{finding}</li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                </List.Item>
              )}
            />
          )}
          {unhooked.length > 0 && (
            <Typography.Text type="secondary">
              {t('members.handover.notChecked', {
                products: unhooked.map((product) => productName(product.Product)).join(', '),
              })}
            </Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}
