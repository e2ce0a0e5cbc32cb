import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { helpDocPath, helpDocPlatform, parseHelpDocPath } from '../../../domain/rules/help-docs';
import type { HelpDocContent } from '../../../domain/schemas/portal-content';
import { ApiError } from '../../adapters/api-client';
import { getHelpDoc } from '../../adapters/portal-content-api';
import { useT } from '../../i18n/use-t';
import { parseMarkdown } from '../documents/markdown';
import { useAuthorisedProducts } from '../layout/use-authorised-products';
import { PATHS } from '../paths';

type Loaded = {
  key: string;
  content: HelpDocContent | null;
  status: 'ready' | 'missing' | 'forbidden' | 'failed';
};

/**
 * A product's help document (/{platform}/:a/:b, SPEC §2): the document in the current language, or
 * 'missing' when the product has none yet, 'forbidden' when the user is not authorised for the product
 * (which sends them on to /noAuth); the help documents of the user's other authorised products as links.
 */
export function useHelpDocPage() {
  const { pathname } = useLocation();
  const { language } = useT();
  const products = useAuthorisedProducts();
  const doc = parseHelpDocPath(pathname);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${pathname}:${language}:${attempt}`;

  useEffect(() => {
    if (!doc) return;
    let live = true;
    getHelpDoc(helpDocPlatform(doc.code), doc.a, doc.b, language).then(
      (content) => live && setLoaded({ key, content, status: 'ready' }),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof ApiError ? error.status : 0;
        setLoaded({
          key,
          content: null,
          status: status === 404 ? 'missing' : status === 403 ? 'forbidden' : 'failed',
        });
      },
    );
    return () => {
      live = false;
    };
    // `doc` is derived from the path, which is part of the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = loaded?.key === key ? loaded : null;
  const navigate = useNavigate();
  const forbidden = current?.status === 'forbidden';
  // A product the member is not licensed for: the portal's page for that, with its way home (SPEC §2).
  useEffect(() => {
    if (forbidden) void navigate(PATHS.noAuth, { replace: true });
  }, [forbidden, navigate]);
  const blocks = useMemo(() => (current?.content ? parseMarkdown(current.content.Markdown) : []), [current]);
  const product = products.find((item) => item.Code === doc?.code);
  return {
    code: doc?.code ?? '',
    /** The product's name as the server gives it, or its code before the products loaded. */
    productName: product?.PlatformName ?? doc?.code ?? '',
    status: !doc ? 'missing' : current ? current.status : 'loading',
    blocks,
    others: products.map((item) => ({
      code: item.Code,
      name: item.PlatformName,
      path: helpDocPath(item.Code),
      current: item.Code === doc?.code,
    })),
    retry: () => setAttempt((n) => n + 1),
  } as const;
}
