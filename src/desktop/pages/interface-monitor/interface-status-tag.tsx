import { Tag } from 'antd';
import { interfaceStatusName } from '../../../../domain/rules/interface-monitor';
import { useT } from '../../../i18n/use-t';

const COLOURS = {
  all: 'default',
  success: 'success',
  fail: 'error',
  queued: 'processing',
  canceled: 'default',
};

/** A call's sync status (SPEC §3) as a coloured tag. */
export function InterfaceStatusTag({ status }: { status: number }) {
  const { t } = useT();
  const name = interfaceStatusName(status);
  return (
    <Tag color={COLOURS[name]} data-testid="interface-status">
      {t(`interfaceMonitor.statuses.${name}`)}
    </Tag>
  );
}
