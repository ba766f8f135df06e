import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const ACCOUNT_WHATSAPP_KEY = ['account-whatsapp'] as const;

/** The account's "Send me order updates on WhatsApp" choice, as the profile switch shows and saves it. */
export function useAccountWhatsapp(enabled = true) {
  return useQuery({
    queryKey: ACCOUNT_WHATSAPP_KEY,
    queryFn: () => api.get<{ whatsappOptIn: boolean }>('/api/account/whatsapp'),
    enabled,
  });
}
