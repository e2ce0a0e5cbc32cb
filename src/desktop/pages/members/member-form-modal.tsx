import { Alert, Checkbox, Form, Input, Modal, Radio, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import type { MemberCreate, MemberCreated, MemberRow } from '../../../../domain/schemas/members';
import { useT } from '../../../i18n/use-t';
import type { ActionResult } from '../../../pages/members/use-members-page';
import type { DepartmentOption } from './department-options';
import { InitialPasswordField } from './initial-password-field';
import type { ShownPasswords } from './member-dialogs';

interface FormValues {
  Account: string;
  RealName: string;
  DeptID?: number;
  SuperiorID?: number;
  Products?: string[];
  passwordMode: 'generate' | 'type';
  Password?: string;
}

interface MemberFormModalProps {
  /** The member to edit, or null to add one. */
  row: MemberRow | null;
  departments: DepartmentOption[];
  products: string[];
  searchMembers: (keyword: string) => Promise<Array<{ value: number; label: string }>>;
  onSubmit: (values: MemberCreate) => Promise<ActionResult<MemberCreated | void>>;
  /** Saved; for a new member with a generated password, that password to show once. */
  /** Done; `created`: the new member's generated password to show, or where it was sent. */
  onDone: (created: ShownPasswords['items'] | null) => void;
  onCancel: () => void;
}

/** Add or edit a member: account, name, department, superior; when adding, products and initial password. */
export function MemberFormModal({
  row,
  departments,
  products,
  searchMembers,
  onSubmit,
  onDone,
  onCancel,
}: MemberFormModalProps) {
  const { t } = useT();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [superiors, setSuperiors] = useState<Array<{ value: number; label: string }>>(
    row?.SuperiorID ? [{ value: row.SuperiorID, label: row.SuperiorName ?? String(row.SuperiorID) }] : [],
  );
  const passwordMode = Form.useWatch('passwordMode', form);
  const adding = row === null;

  useEffect(() => {
    void searchMembers('').then((options) =>
      setSuperiors((current) => [
        ...current,
        ...options.filter((o) => !current.some((c) => c.value === o.value)),
      ]),
    );
  }, [searchMembers]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    const result = await onSubmit({
      Account: values.Account,
      RealName: values.RealName,
      DeptID: values.DeptID ?? null,
      SuperiorID: values.SuperiorID ?? null,
      ...(adding ? { Products: values.Products ?? [] } : {}),
      ...(adding && values.passwordMode === 'type' ? { Password: values.Password } : {}),
    });
    setBusy(false);
    if (!result.ok) return setError(t(result.key ?? 'errors.request.internal', result.params));
    const created = result.value;
    onDone(
      created && (created.Password || created.Delivery)
        ? [
            {
              ID: created.ID,
              Account: created.Account,
              Password: created.Password,
              Delivery: created.Delivery,
            },
          ]
        : null,
    );
  };

  const required = { required: true, whitespace: true, message: t('errors.validation.required') };
  return (
    <Modal
      open
      data-testid="member-form"
      title={t(adding ? 'members.form.addTitle' : 'members.form.editTitle')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {error && (
        <Alert
          className="member-form-error"
          type="error"
          showIcon
          title={error}
          data-testid="member-form-error"
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          Account: row?.MobilePhone ?? row?.Email ?? '',
          RealName: row?.RealName ?? '',
          DeptID: row?.DeptID ?? undefined,
          SuperiorID: row?.SuperiorID ?? undefined,
          Products: [],
          passwordMode: 'generate',
        }}
      >
        <Form.Item name="Account" label={t('members.form.account')} rules={[required]}>
          <Input
            data-testid="member-form-account"
            placeholder={t('members.form.accountPlaceholder')}
            maxLength={254}
          />
        </Form.Item>
        <Form.Item name="RealName" label={t('members.form.name')} rules={[required]}>
          <Input data-testid="member-form-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="DeptID" label={t('members.form.department')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={departments}
            placeholder={t('members.noDepartment')}
          />
        </Form.Item>
        <Form.Item name="SuperiorID" label={t('members.form.superior')}>
          <Select
            allowClear
            showSearch={{
              filterOption: false,
              onSearch: (keyword) => void searchMembers(keyword).then(setSuperiors),
            }}
            placeholder={t('members.form.superiorPlaceholder')}
            options={superiors.filter((option) => option.value !== row?.ID)}
          />
        </Form.Item>
        {adding && (
          <>
            <Form.Item name="Products" label={t('members.form.products')}>
              <Checkbox.Group options={products.map((code) => ({ value: code, label: code }))} />
            </Form.Item>
            <Form.Item
              name="passwordMode"
              label={t('members.form.passwordMode')}
              extra={t('members.form.passwordHint')}
            >
              <Radio.Group
                data-testid="member-form-password-mode"
                options={[
                  { value: 'generate', label: t('members.form.generate') },
                  { value: 'type', label: t('members.form.type') },
                ]}
              />
            </Form.Item>
            {passwordMode === 'type' && <InitialPasswordField />}
          </>
        )}
      </Form>
    </Modal>
  );
}
