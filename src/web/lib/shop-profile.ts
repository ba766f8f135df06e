import { useQuery } from '@tanstack/react-query';
import { contactLinks, type ContactLinks, type ShopProfile } from '../../domain/schemas/shop-profile';
import { api } from './api-client';

/** GET /api/public/shop-profile: the shop's name, home page words and contact links. */
export const PUBLIC_SHOP_PROFILE_KEY = ['public-shop-profile'] as const;

export const shopProfileQuery = {
  queryKey: PUBLIC_SHOP_PROFILE_KEY,
  queryFn: () => api.get<ShopProfile>('/api/public/shop-profile'),
  staleTime: 10 * 60_000,
};

export function useShopProfile() {
  return useQuery({ ...shopProfileQuery, retry: false });
}

/** The shop's name while its profile loads (and the name a new shop starts with). */
export const FALLBACK_SHOP_NAME = 'Ghee Shop';

export function useShopName(): string {
  return useShopProfile().data?.shopName || FALLBACK_SHOP_NAME;
}

/** The floating button's and the footer's links: only those the owner has set in the shop profile, else null. */
export function useContactLinks(): ContactLinks {
  return contactLinks(useShopProfile().data);
}
