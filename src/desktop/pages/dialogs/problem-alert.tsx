import { Alert, type AlertProps } from 'antd';
import type { MessageKey, MessageParams } from '../../../../domain/i18n';
import { useT } from '../../../i18n/use-t';

/** A refusal or failure as the page hooks hold it: a message key and its values. */
export interface Problem {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * A page's or dialog's problem in words, as an error alert with its icon; nothing while there is none.
 * Other props (class, style, test id, closable) go to antd's Alert.
 */
export function ProblemAlert({
  problem,
  ...props
}: { problem: Problem | null | undefined } & Omit<AlertProps, 'type' | 'showIcon' | 'title'>) {
  const { t } = useT();
  if (!problem) return null;
  return <Alert {...props} type="error" showIcon title={t(problem.key, problem.params)} />;
}
