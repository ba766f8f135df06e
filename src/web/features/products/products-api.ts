import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../../domain/schemas/product';
import { api } from '../../lib/api-client';
import { PRODUCTS_KEY } from '../../lib/query-keys';

/** One product per name (SPEC.md §4): the detail page is addressed by name, so names must be unique. */
export function uniqueByName(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((p) => {
    if (seen.has(p.name)) return false;
    seen.add(p.name);
    return true;
  });
}

export const productsQuery = {
  queryKey: PRODUCTS_KEY,
  queryFn: async () => uniqueByName(await api.get<Product[]>('/api/public/product')),
  staleTime: 5 * 60_000,
};

export function useProducts() {
  return useQuery(productsQuery);
}
