import { CODE_RESEND_MS, SECOND_MS } from '../../../domain/constants';

/** What sending a trial code needs from its page: the call, and where the page shows the outcome. */
export interface TrialCodeSending<Problem> {
  send: () => Promise<unknown>;
  setBusy: (busy: 'send' | null) => void;
  setProblem: (problem: Problem | null) => void;
  problemOf: (error: unknown) => Problem;
  setCodeSent: (sent: boolean) => void;
  /** The resend countdown (useCountdown), started once a code is on its way. */
  countdown: { start: (seconds: number) => void };
}

/**
 * Sends a code to the mobile number of the trial request or the trial sign-in: busy meanwhile and the last
 * refusal cleared; once sent the page says so and the resend waits CODE_RESEND_MS; a refusal is shown.
 */
export async function sendTrialCodeStep<Problem>(step: TrialCodeSending<Problem>): Promise<void> {
  step.setBusy('send');
  step.setProblem(null);
  try {
    await step.send();
    step.setCodeSent(true);
    step.countdown.start(CODE_RESEND_MS / SECOND_MS);
  } catch (error) {
    step.setProblem(step.problemOf(error));
  } finally {
    step.setBusy(null);
  }
}
