import { Card, Descriptions, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OrganizationProduct, PlatformInfo } from '../../../../domain/schemas/organization';
import { useFormatTime, useT } from '../../../i18n/use-t';

const DEPLOYMENT_KEYS = {
  cloud: 'organization.deployments.cloud',
  project: 'organization.deployments.project',
  beta: 'organization.deployments.beta',
  vCloud: 'organization.deployments.vCloud',
} as const;

/** The read-only part of Organisation info: the platform it runs on and the organisation's products. */
export function OrgPlatformCards({
  platform,
  products,
}: {
  platform: PlatformInfo;
  products: OrganizationProduct[];
}) {
  const { t } = useT();
  const formatTime = useFormatTime();
  const date = (ms: number | null) => (ms === null ? '—' : formatTime(ms, 'date'));
  const deployment = DEPLOYMENT_KEYS[platform.Deployment as keyof typeof DEPLOYMENT_KEYS];
  const columns: ColumnsType<OrganizationProduct> = [
    { key: 'name', title: t('organization.product'), dataIndex: 'PlatformName', width: 180 },
    { key: 'intro', title: t('organization.introduction'), dataIndex: 'Introduction' },
    {
      key: 'status',
      title: t('organization.authorized'),
      width: 120,
      render: (_, product) =>
        product.IsAuthorized ? (
          <Tag color="success">{t('organization.isAuthorized')}</Tag>
        ) : (
          <Tag>{t('organization.notAuthorized')}</Tag>
        ),
    },
    { key: 'granted', title: t('organization.grantedAt'), width: 130, render: (_, p) => date(p.GrantedAt) },
    { key: 'count', title: t('organization.accountCount'), dataIndex: 'AccountCount', width: 150 },
  ];

  return (
    <>
      <Card variant="borderless" title={t('organization.platformTitle')}>
        <Descriptions column={3} data-testid="org-platform">
          <Descriptions.Item label={t('organization.version')}>{platform.Version}</Descriptions.Item>
          <Descriptions.Item label={t('organization.deployment')}>
            {deployment ? t(deployment) : platform.Deployment}
          </Descriptions.Item>
          <Descriptions.Item label={t('organization.createdAt')}>
            {date(platform.CreatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('organization.memberCount')}>{platform.MemberCount}</Descriptions.Item>
          <Descriptions.Item label={t('organization.adminCount')}>{platform.AdminCount}</Descriptions.Item>
          <Descriptions.Item label={t('organization.departmentCount')}>
            {platform.DepartmentCount}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card variant="borderless" title={t('organization.productsTitle')}>
        <Table
          data-testid="org-products"
          rowKey="ID"
          size="middle"
          pagination={false}
          columns={columns}
          dataSource={products}
        />
      </Card>
    </>
  );
}
