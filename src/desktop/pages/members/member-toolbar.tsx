import { Button, Input, Select, TreeSelect } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { MembersPageState } from '../../../pages/members/use-members-page';
import type { DepartmentOption } from './department-options';
import { MemberImportButton } from './member-import-dialog';

interface MemberToolbarProps {
  page: MembersPageState;
  departments: DepartmentOption[];
  onAdd: () => void;
}

/** The members list's search, filters (department, role, state, product) and the add button. */
export function MemberToolbar({ page, departments, onAdd }: MemberToolbarProps) {
  const { t } = useT();
  return (
    <div className="members-toolbar">
      <Input.Search
        data-testid="members-search"
        allowClear
        placeholder={t('members.search')}
        onSearch={(keyword) => page.filter({ keyword: keyword.trim() || undefined })}
      />
      <TreeSelect
        allowClear
        data-testid="members-filter-dept"
        placeholder={t('members.filters.allDepartments')}
        treeData={departments}
        treeDefaultExpandAll
        onChange={(deptId?: number) => page.filter({ deptId })}
      />
      <Select<string>
        allowClear
        placeholder={t('members.filters.allRoles')}
        data-testid="members-filter-role"
        options={[
          { value: 'admin', label: t('members.filters.admins') },
          { value: 'member', label: t('members.filters.ordinary') },
        ]}
        onChange={(value) => page.filter({ isAdmin: value === undefined ? undefined : value === 'admin' })}
      />
      <Select<string>
        allowClear
        placeholder={t('members.filters.allStates')}
        data-testid="members-filter-state"
        options={[
          { value: 'locked', label: t('members.filters.locked') },
          { value: 'active', label: t('members.filters.unlocked') },
        ]}
        onChange={(value) => page.filter({ locked: value === undefined ? undefined : value === 'locked' })}
      />
      <Select<string>
        allowClear
        placeholder={t('members.filters.allProducts')}
        data-testid="members-filter-product"
        options={page.products.map((code) => ({ value: code, label: code }))}
        onChange={(product) => page.filter({ product })}
      />
      <MemberImportButton onImported={page.reload} />
      <Button type="primary" data-testid="members-add" onClick={onAdd}>
        {t('members.actions.add')}
      </Button>
    </div>
  );
}
