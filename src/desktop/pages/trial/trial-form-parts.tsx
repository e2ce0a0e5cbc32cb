import { Alert, Button } from 'antd';
import { type TrialCodeFlow, useSendCodeButton } from '../../../pages/trial/trial-code-flow';
import { ProblemAlert } from '../dialogs/problem-alert';

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
      <ProblemAlert problem={flow.problem} className="trial-alert" data-testid={`${testIdPrefix}-problem`} />
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
