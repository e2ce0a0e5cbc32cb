import { Alert, Button, Card, Form, Input, message, Modal, Skeleton, Space, Switch, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useIpWhitelistPage } from '../../../pages/ip-whitelist/use-ip-whitelist-page';
import { useT } from '../../../i18n/use-t';
import { UnrestrictedMembersSection } from './unrestricted-members-section';

/**
 * System settings > IP whitelist (/layout/systemSetting/ipWhitelist): the switch, the lines with the
 * first bad line named, the administrator's own address and a warning before a list that leaves it out,
 * and the unrestricted members.
 */
export function IpWhitelistPage() {
  const { t } = useT();
  const page = useIpWhitelistPage();

  if (page.status !== 'ready' || !page.whitelist) {
    return (
      <Card variant="borderless" title={t('governance.ipWhitelist.title')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 6 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const { whitelist } = page;
  const onSave = async () => {
    if ((await page.save()) === 'done') void message.success(t('governance.ipWhitelist.saved'));
  };
  const onSwitch = async (on: boolean) => {
    if ((await page.setEnabled(on)) === 'done') {
      void message.success(
        t(on ? 'governance.ipWhitelist.switchedOn' : 'governance.ipWhitelist.switchedOff'),
      );
    }
  };
  const onConfirm = async () => {
    const { pending } = page;
    if (!pending || (await page.confirm()) !== 'done') return;
    if (pending.kind === 'save') void message.success(t('governance.ipWhitelist.saved'));
    else
      void message.success(
        t(pending.on ? 'governance.ipWhitelist.switchedOn' : 'governance.ipWhitelist.switchedOff'),
      );
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="ip-whitelist">
      <Card variant="borderless" title={t('governance.ipWhitelist.title')}>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
          {t('governance.ipWhitelist.intro')}
        </Typography.Paragraph>
        <Alert
          style={{ maxWidth: 760, marginBottom: 16 }}
          type={whitelist.Enabled && !whitelist.CurrentIpAllowed ? 'warning' : 'info'}
          showIcon
          data-testid="ip-current"
          title={t('governance.ipWhitelist.yourAddress', { ip: whitelist.CurrentIp })}
          description={t(
            whitelist.CurrentIpAllowed
              ? 'governance.ipWhitelist.yourAddressIn'
              : whitelist.Enabled
                ? 'governance.ipWhitelist.yourAddressOut'
                : 'governance.ipWhitelist.yourAddressOutOff',
          )}
        />
        <Form layout="vertical" style={{ maxWidth: 760 }}>
          <Form.Item label={t('governance.ipWhitelist.enabled')}>
            <Switch
              data-testid="ip-enabled"
              checked={whitelist.Enabled}
              loading={page.busy && page.pending === null}
              onChange={onSwitch}
            />
          </Form.Item>
          <Form.Item
            label={t('governance.ipWhitelist.lines')}
            extra={t('governance.ipWhitelist.linesHelp')}
            validateStatus={page.problem ? 'error' : undefined}
            help={page.problem ? t(page.problem.key, page.problem.params) : undefined}
          >
            <Input.TextArea
              data-testid="ip-lines"
              rows={8}
              spellCheck={false}
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
              value={page.text}
              placeholder={'192.168.1.10\n10.0.0.0/8\n2001:db8::/32'}
              onChange={(event) => page.update(event.target.value)}
            />
          </Form.Item>
          <Button type="primary" data-testid="ip-save" loading={page.busy} onClick={onSave}>
            {t('governance.ipWhitelist.save')}
          </Button>
        </Form>
      </Card>
      <UnrestrictedMembersSection />
      <Modal
        open={page.pending !== null}
        title={t('governance.ipWhitelist.confirmTitle')}
        okText={t('governance.ipWhitelist.confirmOk')}
        okButtonProps={{ danger: true, 'data-testid': 'ip-confirm' } as ButtonProps}
        cancelText={t('common.cancel')}
        confirmLoading={page.busy}
        onOk={onConfirm}
        onCancel={page.cancel}
      >
        <Typography.Paragraph data-testid="ip-confirm-text">
          {t('errors.ipWhitelist.excludesCurrent', { ip: page.pending?.ip ?? '' })}
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}
