import { Alert, Button } from 'antd';
import { useT } from '../../../i18n/use-t';
import { type TrialCodeFlow, useSendCodeButton } from '../../../pages/trial/trial-code-flow';

/** The button beside the code input (see useSendCodeButton). */
export function SendCodeButton({ flow, testId }: { flow: TrialCodeFlow; testId: string }) {
  return <Button size="large" className="trial-send" data-testid={testId} {...useSendCodeButton(flow)} />;
}

/**
 * The foot of a trial form: that a code was sent or why the last request was refused, then the submit
 * button. Test ids are `<testIdPrefix>-code-sent`, `-problem` and `-submit`.
 */
export function TrialFormEnd(props: {
  flow: TrialCodeFlow;
  testIdPrefix: string;
  codeSentText: string;
  submitText: string;
}) {
  const { t } = useT();
  const { flow, testIdPrefix } = props;
  return (
    <>
      {flow.codeSent && !flow.problem && (
        <Alert
          className="trial-alert"
          type="info"
          showIcon
          data-testid={`${testIdPrefix}-code-sent`}
          title={props.codeSentText}
        />
      )}
      {flow.problem && (
        <Alert
          className="trial-alert"
          type="error"
          showIcon
          data-testid={`${testIdPrefix}-problem`}
          title={t(flow.problem.key, flow.problem.params)}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={flow.busy === 'submit'}
        data-testid={`${testIdPrefix}-submit`}
      >
        {props.submitText}
      </Button>
    </>
  );
}
