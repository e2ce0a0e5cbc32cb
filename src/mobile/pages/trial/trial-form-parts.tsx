import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { type TrialCodeFlow, useSendCodeButton } from '../../../pages/trial/trial-code-flow';
import { FormSubmit } from '../../forms/form-submit';

/** The button beside the code input (see useSendCodeButton). */
export function SendCodeButton({ flow, testId }: { flow: TrialCodeFlow; testId: string }) {
  return (
    <Button size="small" color="primary" fill="outline" data-testid={testId} {...useSendCodeButton(flow)} />
  );
}

/**
 * A trial card form: above it, that a code was sent or why the last request was refused; below it, the
 * submit button. Test ids are `<testIdPrefix>-code-sent`, `-problem` and `-submit`.
 */
export function TrialCardForm(props: {
  flow: TrialCodeFlow;
  testIdPrefix: string;
  codeSentText: string;
  submitText: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const { flow, testIdPrefix } = props;
  return (
    <>
      {flow.codeSent && !flow.problem && (
        <div data-testid={`${testIdPrefix}-code-sent`}>
          <NoticeBar content={props.codeSentText} color="info" wrap />
        </div>
      )}
      {flow.problem && (
        <div data-testid={`${testIdPrefix}-problem`}>
          <NoticeBar content={t(flow.problem.key, flow.problem.params)} color="alert" wrap />
        </div>
      )}
      <Form
        layout="vertical"
        mode="card"
        onFinish={props.onSubmit}
        footer={
          <FormSubmit loading={flow.busy === 'submit'} testId={`${testIdPrefix}-submit`}>
            {props.submitText}
          </FormSubmit>
        }
      >
        {props.children}
      </Form>
    </>
  );
}
