import type { AuthorizedProduct } from '../../../domain/schemas/products';
import { headerProductCount, splitHeaderProducts } from '../../../domain/rules/header-menu';
import { useT } from '../../i18n/use-t';
import { usePlatform } from '../../platforms/platform-context';
import { useAuthorisedProducts } from './use-authorised-products';
import { useWindowWidth } from './use-window-width';

/**
 * The header's product menu: the user's authorised products, as many as the window width allows in the
 * current language (SPEC §9, domain/rules/header-menu.ts), the rest under More; follows window resizes.
 */
export function useProductMenu() {
  const products = useAuthorisedProducts();
  const width = useWindowWidth();
  const { language } = useT();
  const platform = usePlatform();
  const { shown, more } = splitHeaderProducts(products, headerProductCount(width, language));
  return {
    shown,
    more,
    /** Opens a product the way the host expects (a new tab in a browser, the host's web view in a chat app). */
    open: (product: AuthorizedProduct) => {
      if (product.WebUrl) void platform.openLink(product.WebUrl);
    },
  };
}
