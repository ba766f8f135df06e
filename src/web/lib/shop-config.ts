import { useQuery } from '@tanstack/react-query';
import type { ShopConfig } from '../../domain/screen-render';
import { api } from './api-client';

/** GET /api/checkout/config: which payment script to load, whether the sandbox (test mode) is on. */
export type { ShopConfig };

/** Fetched once per visit: the shell's banner and contact links and the checkout all read the same answer. */
export const SHOP_CONFIG_KEY = ['shop-config'] as const;

export const shopConfigQuery = {
  queryKey: SHOP_CONFIG_KEY,
  queryFn: () => api.get<ShopConfig>('/api/checkout/config'),
  staleTime: Infinity,
};

export function useShopConfig() {
  return useQuery({ ...shopConfigQuery, retry: false });
}
