import type { DialogError } from '../../../pages/dialogs/dialog-outcome';
import { useT } from '../../../i18n/use-t';

/** A dialog's refusal in words, in the danger colour, read out when it appears. */
export function DialogErrorText({ error }: { error: DialogError | null }) {
  const { t } = useT();
  if (!error) return null;
  return (
    <div role="alert" style={{ marginTop: 8, color: 'var(--adm-color-danger)', fontSize: 14 }}>
      {t(error.key, error.params)}
    </div>
  );
}
