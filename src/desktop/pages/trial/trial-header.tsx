import { Segmented } from 'antd';
import { Link } from 'react-router-dom';
import type { Language } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import { BrandMark } from '../../icons';
import './trial-page.css';

/** What the header needs from a trial page's hook. */
export interface TrialHeaderProps {
  loginPath: string;
  languages: readonly Language[];
  setLanguage: (code: Language) => Promise<void>;
}

/**
 * The header of the desktop trial pages (/applyTrial, /trial, /regFlow): the brand leading to the login
 * and the language switch.
 */
export function TrialHeader({ loginPath, languages, setLanguage }: TrialHeaderProps) {
  const { t, language } = useT();
  return (
    <header className="flow-header trial-header">
      <Link to={loginPath} className="flow-brand trial-brand">
        <BrandMark size={32} />
        {t('common.appName')}
      </Link>
      <Segmented<Language>
        size="small"
        value={language}
        data-testid="trial-language"
        options={languages.map((code) => ({ value: code, label: t(`common.languages.${code}`) }))}
        onChange={(code) => void setLanguage(code)}
      />
    </header>
  );
}
