import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useBasicInfoPage } from '../../../pages/account/use-basic-info-page';
import { useT } from '../../../i18n/use-t';

/** Personal centre > basic info on a phone. */
export function BasicInfoPage() {
  const { t } = useT();
  const page = useBasicInfoPage();
  return (
    <div data-testid="basic-info">
      {page.status === 'loading' && <Skeleton.Paragraph lineCount={8} animated />}
      {page.status === 'failed' && <p>{t('status.loadFailed')}</p>}
      {page.status === 'ready' && (
        <List header={t('account.basicInfo.title')} mode="card">
          {page.fields.map((field) => (
            <List.Item
              key={field.label}
              extra={field.valueKey ? t(field.valueKey) : field.value || t('common.none')}
            >
              {t(field.label)}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
