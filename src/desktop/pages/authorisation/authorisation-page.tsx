import { Card, Tabs } from 'antd';
import { useT } from '../../../i18n/use-t';
import { DisplaySettingsTab } from './display-settings-tab';
import { MenuAccessTab } from './menu-access-tab';
import { ProductAuthorisationTab } from './product-authorisation-tab';
import './authorisation-page.css';

/**
 * Organisation > Authorisation (/layout/authorize): product licences per member within the seats, the
 * products members' card homes show, and the menu pages each role type and member may open.
 */
export function AuthorisationPage() {
  const { t } = useT();
  return (
    <Card
      className="authorisation"
      data-testid="authorisation"
      variant="borderless"
      title={t('authorisation.title')}
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'products', label: t('authorisation.tabs.products'), children: <ProductAuthorisationTab /> },
          { key: 'display', label: t('authorisation.tabs.display'), children: <DisplaySettingsTab /> },
          { key: 'menus', label: t('authorisation.tabs.menus'), children: <MenuAccessTab /> },
        ]}
      />
    </Card>
  );
}
