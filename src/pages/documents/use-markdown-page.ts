import { useEffect, useMemo, useState } from 'react';
import type { Language } from '../../../domain/constants';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { homePath, PATHS } from '../paths';
import { useSession } from '../session/use-session';
import { parseMarkdown } from './markdown';

/**
 * A page of Markdown content an operator can replace (public documents, app pages): `name`'s content in
 * the current language, loaded by `load` (module-level) and reloaded when the language changes, parsed
 * into blocks; the way back (the login, or the home when signed in) and a retry after a failure.
 */
export function useMarkdownPage<Name extends string, Content extends { Markdown: string }>(
  name: Name,
  load: (name: Name, language: Language) => Promise<Content>,
) {
  const { language } = useT();
  const { session } = useSession();
  const [loaded, setLoaded] = useState<{ key: string; content: Content | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${name}:${language}:${attempt}`;

  useEffect(() => {
    let live = true;
    load(name, language).then(
      (content) => live && setLoaded({ key, content }),
      () => live && setLoaded({ key, content: null }),
    );
    return () => {
      live = false;
    };
  }, [name, language, key, load]);

  const current = loaded?.key === key ? loaded : null;
  const blocks = useMemo(() => (current?.content ? parseMarkdown(current.content.Markdown) : []), [current]);
  const status: 'loading' | 'ready' | 'failed' = !current ? 'loading' : current.content ? 'ready' : 'failed';
  return {
    status,
    blocks,
    content: current?.content ?? null,
    language,
    setLanguage: changeLanguage,
    signedIn: Boolean(session),
    backPath: session ? homePath(session.UIVersion) : PATHS.login,
    retry: () => setAttempt((n) => n + 1),
  };
}
