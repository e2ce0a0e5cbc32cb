import { useEffect, useState } from 'react';
import type { AuthorizedProduct } from '../../../domain/schemas/products';
import { getAuthorizeInfo } from '../../adapters/products-api';
import { useSession } from '../session/use-session';

/** One request per user and language, shared by the header's product menu and the user menu. */
const cache = new Map<string, Promise<AuthorizedProduct[]>>();

function load(key: string): Promise<AuthorizedProduct[]> {
  let pending = cache.get(key);
  if (!pending) {
    pending = getAuthorizeInfo(false).then((products) => products.filter((product) => product.IsAuthorized));
    // a failure is not remembered: the next header that mounts asks again
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forgets the cached products (tests; a sign-out changes the key anyway). */
export function clearAuthorisedProductsCache(): void {
  cache.clear();
}

/**
 * The products the signed-in user is authorised for, localised by the server, in server order; empty while
 * loading or when the request failed (the headers then simply show no products).
 */
export function useAuthorisedProducts(): AuthorizedProduct[] {
  const { session } = useSession();
  const key = session ? `${session.AccountInfo.ID}:${session.Lang}` : '';
  const [loaded, setLoaded] = useState<{ key: string; products: AuthorizedProduct[] } | null>(null);

  useEffect(() => {
    if (!key) return;
    let live = true;
    load(key).then(
      (products) => live && setLoaded({ key, products }),
      () => live && setLoaded({ key, products: [] }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  return loaded?.key === key ? loaded.products : [];
}
