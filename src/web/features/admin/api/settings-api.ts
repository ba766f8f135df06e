import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccessInput } from '../../../../domain/schemas/account';
import type { Settings } from '../../../../domain/schemas/settings';
import { api } from '../../../lib/api-client';

const settingsKey = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<Settings>('/api/settings') });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => api.put<Settings>('/api/settings', settings),
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object') client.setQueryData(settingsKey, saved);
      else void client.invalidateQueries({ queryKey: settingsKey });
    },
  });
}

/** POST /api/settings/adminaccess answers a message to show as it is. */
export function useAdminAccess() {
  return useMutation({
    mutationFn: (input: AdminAccessInput) => api.post<string>('/api/settings/adminaccess', input),
  });
}
