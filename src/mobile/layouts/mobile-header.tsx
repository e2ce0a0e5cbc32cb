import { Link } from 'react-router-dom';
import { useSession } from '../../pages/session/use-session';
import { homePath } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import { BrandMark } from '../brand-mark';
import { UserSheet } from './user-sheet';
import './layouts.css';

/** The phone header: brand linking home and the user menu. */
export function MobileHeader() {
  const { t } = useT();
  const { session } = useSession();
  return (
    <header className="m-header">
      <Link to={homePath(session?.UIVersion)} className="m-brand">
        <BrandMark size={28} />
        <span>{t('common.appShortName')}</span>
      </Link>
      <UserSheet />
    </header>
  );
}
