import { Avatar, Card, Descriptions, Skeleton } from 'antd';
import { useBasicInfoPage } from '../../../pages/account/use-basic-info-page';
import { avatarText } from '../../../pages/layout/use-user-menu';
import { useT } from '../../../i18n/use-t';

/** Personal centre > basic info (/layout/info). */
export function BasicInfoPage() {
  const { t } = useT();
  const page = useBasicInfoPage();

  return (
    <Card
      className="basic-info"
      data-testid="basic-info"
      title={t('account.basicInfo.title')}
      variant="borderless"
    >
      {page.status !== 'ready' || !page.info ? (
        <Skeleton active avatar paragraph={{ rows: 5 }} loading={page.status === 'loading'}>
          <span>{t('status.loadFailed')}</span>
        </Skeleton>
      ) : (
        <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start' }}>
          <Avatar
            size={72}
            style={{ background: 'linear-gradient(135deg,#3b82f6,#6366f1)', fontSize: 24, flex: 'none' }}
          >
            {avatarText(page.info.RealName || page.info.Account)}
          </Avatar>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={page.fields.map((field) => ({
              key: field.label,
              label: t(field.label),
              children: field.valueKey ? t(field.valueKey) : field.value || t('common.none'),
            }))}
          />
        </div>
      )}
    </Card>
  );
}
