import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * The full-width, rounded submit button at the foot of a phone form (antd-mobile Form's `footer`): it
 * submits the form, so Enter on the keyboard does the same, and it spins while the form is sent.
 */
export function FormSubmit({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      block
      color="primary"
      size="large"
      shape="rounded"
      type="submit"
      loading={loading}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
