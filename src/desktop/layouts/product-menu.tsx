import { Menu, type MenuProps } from 'antd';
import { useProductMenu } from '../../pages/layout/use-product-menu';
import { useT } from '../../i18n/use-t';
import { ChevronDownIcon } from '../icons';
import './product-menu.css';

/**
 * The header's product menu (SPEC §2): the authorised products the window width allows, the rest under
 * More (SPEC §9's breakpoints); choosing one opens the product. Items render their labels with test ids.
 */
export function ProductMenu({ dark = false }: { dark?: boolean }) {
  const { t } = useT();
  const menu = useProductMenu();
  if (menu.shown.length === 0) return null;
  const items: MenuProps['items'] = [
    ...menu.shown.map((product) => ({
      key: product.Code,
      label: <span data-testid={`header-product-${product.Code}`}>{product.PlatformName}</span>,
      onClick: () => menu.open(product),
    })),
    ...(menu.more.length > 0
      ? [
          {
            key: 'more',
            label: (
              <span className="product-menu-more" data-testid="header-product-more">
                {t('layout.moreProducts')}
                <ChevronDownIcon />
              </span>
            ),
            popupClassName: 'product-menu-popup',
            children: menu.more.map((product) => ({
              key: product.Code,
              label: <span data-testid={`header-more-product-${product.Code}`}>{product.PlatformName}</span>,
              onClick: () => menu.open(product),
            })),
          },
        ]
      : []),
  ];
  return (
    <nav className="product-menu-nav" aria-label={t('layout.products')} data-testid="header-products">
      <Menu
        mode="horizontal"
        className={dark ? 'product-menu dark' : 'product-menu'}
        items={items}
        selectable={false}
        disabledOverflow
        triggerSubMenuAction="click"
      />
    </nav>
  );
}
