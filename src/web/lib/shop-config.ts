import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/checkout/config: which payment script to load, and whether the sandbox (test mode) is on. */
export interface ShopConfig {
  gateway: string;
  scriptUrl: string;
  keyid: string;
  testMode: boolean;
  whatsappUrl?: string;
  instagramUrl?: string;
}

// Used until (or unless) the server names its own contact links.
export const DEFAULT_CONTACT = {
  whatsappUrl: 'https://wa.me/919000000000',
  instagramUrl: 'https://www.instagram.com/gheeshop',
} as const;

export function useShopConfig() {
  return useQuery({
    queryKey: ['shop-config'],
    queryFn: () => api.get<ShopConfig>('/api/checkout/config'),
    staleTime: Infinity,
    retry: false,
  });
}
