import NavBar from 'antd-mobile/es/components/nav-bar';
import type { Language } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import './trial-page.css';

/** What the bar needs: its title, the way back and the hook's languages. */
export interface TrialNavBarProps {
  title: string;
  onBack: () => void;
  languages: readonly Language[];
  setLanguage: (code: Language) => Promise<void>;
}

/**
 * The bar over the phone trial pages (/applyTrial, /trial, /regFlow): back to the login, the page's title
 * and a switch to the other language.
 */
export function TrialNavBar({ title, onBack, languages, setLanguage }: TrialNavBarProps) {
  const { t, language } = useT();
  const other = languages.find((code) => code !== language) ?? language;
  return (
    <NavBar
      onBack={onBack}
      right={
        <button
          type="button"
          className="m-trial-lang"
          data-testid="trial-language"
          onClick={() => void setLanguage(other)}
        >
          {t(`common.languages.${other}`)}
        </button>
      }
    >
      {title}
    </NavBar>
  );
}
