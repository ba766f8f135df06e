import { useQuery } from '@tanstack/react-query';
import type { ShopConfig } from '../../domain/screen-render';
import { api } from './api-client';

/** GET /api/checkout/config: which payment script to load, whether the sandbox (test mode) is on, contact links. */
export type { ShopConfig };

// Used until (or unless) the server names its own contact links.
export const DEFAULT_CONTACT = {
  whatsappUrl: 'https://wa.me/919000000000',
  instagramUrl: 'https://www.instagram.com/gheeshop',
} as const;

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

/** The floating button's and the footer's Whatsapp and Instagram links, and the shop's Facebook page if it has one. */
export function useContactLinks() {
  const { data } = useShopConfig();
  return {
    whatsappUrl: data?.whatsappUrl || DEFAULT_CONTACT.whatsappUrl,
    instagramUrl: data?.instagramUrl || DEFAULT_CONTACT.instagramUrl,
    // No default: without FACEBOOK_URL there is no page of the shop's to link to.
    facebookUrl: data?.facebookUrl || null,
  };
}
