import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopProfile, ShopProfileInput } from '../../../../domain/schemas/shop-profile';
import { api } from '../../../lib/api-client';
import { PUBLIC_SHOP_PROFILE_KEY } from '../../../lib/shop-profile';

const profileKey = ['admin', 'shop-profile'] as const;

export function useAdminShopProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => api.get<ShopProfile>('/api/settings/profile') });
}

export function useSaveShopProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: ShopProfileInput) => api.put<ShopProfile>('/api/settings/profile', profile),
    onSuccess: (saved) => {
      client.setQueryData(profileKey, saved);
      // The shell's contact button and footer show the change at once.
      client.setQueryData(PUBLIC_SHOP_PROFILE_KEY, saved);
    },
  });
}
