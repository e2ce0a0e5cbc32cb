import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useNavigate } from 'react-router-dom';
import { useBasicInfoPage } from '../../../pages/account/use-basic-info-page';
import { PERSONAL_CENTRE_GROUP, useSideMenu } from '../../../pages/layout/use-side-menu';
import { PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';

/**
 * Personal centre > basic info on a phone: the account's details, then the personal centre's other pages
 * (personal info, change password, login log, signature) the member may open, as the desktop's side menu
 * offers them.
 */
export function BasicInfoPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const page = useBasicInfoPage();
  const own = useSideMenu().find((group) => group.code === PERSONAL_CENTRE_GROUP);
  const others = own?.items.filter((item) => item.path !== PATHS.info) ?? [];
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
      {others.length > 0 && (
        <List header={t('menus.personalCenter')} mode="card" data-testid="personal-centre-pages">
          {others.map((item) => (
            <List.Item
              key={item.code}
              clickable
              onClick={() => navigate(item.path)}
              data-testid={`personal-centre-${item.code}`}
            >
              {t(item.title)}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
