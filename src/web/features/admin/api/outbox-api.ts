import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMail, OutboxStatus } from '../../../../domain/schemas/mail-outbox';
import { api } from '../../../lib/api-client';

const outboxKey = ['admin', 'outbox'] as const;

/** Recent mails, refreshed every few seconds while the tab is open so a retry is seen going out. */
export function useOutbox(enabled: boolean, status: OutboxStatus | '') {
  return useQuery({
    queryKey: [...outboxKey, status],
    queryFn: () => api.get<OutboxMail[]>(`/api/email/outbox${status ? `?status=${status}` : ''}`),
    enabled,
    refetchInterval: enabled ? 5_000 : false,
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxMail>(`/api/email/outbox/${id}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
}
