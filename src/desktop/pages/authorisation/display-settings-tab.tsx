import { Alert, Button, message, Skeleton, Switch, Tag } from 'antd';
import { useT } from '../../../i18n/use-t';
import { useDisplaySettings } from '../../../pages/authorisation/use-display-settings';

/** Display settings: which products members' card homes show, licensed or not. */
export function DisplaySettingsTab() {
  const { t } = useT();
  const page = useDisplaySettings();
  if (page.status === 'loading') return <Skeleton active />;
  const save = async () => {
    const result = await page.save();
    if (result.ok) void message.success(t('authorisation.displaySaved'));
    else void message.error(t(result.key, result.params));
  };
  return (
    <div className="authorisation-display" data-testid="display-settings">
      <Alert type="info" showIcon message={t('authorisation.displayHint')} style={{ marginBottom: 8 }} />
      {page.products.map((product) => (
        <div key={product.Code} className="authorisation-display-row">
          <span>{product.PlatformName}</span>
          <Tag color={product.IsAuthorized ? 'blue' : 'default'}>
            {t(product.IsAuthorized ? 'authorisation.licensed' : 'authorisation.unlicensed')}
          </Tag>
          <Switch
            data-testid={`display-${product.Code}`}
            checked={page.shown.has(product.Code)}
            onChange={(on) => page.toggle(product.Code, on)}
            aria-label={`${t('authorisation.shown')} ${product.PlatformName}`}
          />
        </div>
      ))}
      <Button type="primary" style={{ marginTop: 16 }} loading={page.saving} onClick={() => void save()}>
        {t('authorisation.save')}
      </Button>
    </div>
  );
}
