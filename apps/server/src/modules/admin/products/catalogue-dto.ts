// A catalogue product on the wire: euros, the spec's snake_case; buy prices only for admins.
import { isPurchasableProductName, microsToEuros, withTax, type CatalogueProduct } from '@kurir/core';
import type { ProductRow } from '../../products/product-dto';

export function toCatalogueProductDto(p: ProductRow, forAdmin: boolean): CatalogueProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: p.type,
    ...(forAdmin ? { net_buy_price: microsToEuros(p.netBuyPrice), buy_tax_rate: p.buyTaxRate } : {}),
    net_sell_price: microsToEuros(p.netSellPrice),
    sell_tax_rate: p.sellTaxRate,
    sellPriceWithTax: microsToEuros(withTax(p.netSellPrice, p.sellTaxRate)),
    valid_from: p.validFrom.toISOString(),
    valid_to: p.validTo ? p.validTo.toISOString() : null,
    status: p.status,
    icon_type: p.iconType,
    visible_in_dashboard: p.visibleInDashboard,
    retired: p.retiredAt !== null,
    purchasable: isPurchasableProductName(p.name),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
