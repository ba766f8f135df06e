import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OUTBOX_PAGE_SIZE, type MailHealth, type OutboxMail, type OutboxStatus } from '../../../../domain/schemas/mail-outbox';
import { api } from '../../../lib/api-client';
import { getWithTotal } from './admin-http';

const outboxKey = ['admin', 'outbox'] as const;

/** One page of mails, refreshed every few seconds while the tab is open so a retry is seen going out. */
export function useOutbox(enabled: boolean, status: OutboxStatus | '', page: number) {
  return useQuery({
    queryKey: [...outboxKey, status, page],
    queryFn: () => {
      const search = new URLSearchParams({ limit: String(OUTBOX_PAGE_SIZE), offset: String((page - 1) * OUTBOX_PAGE_SIZE) });
      if (status) search.set('status', status);
      return getWithTotal<OutboxMail[]>(`/api/email/outbox?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: enabled ? 5_000 : false,
  });
}

/** One mail of the outbox, read afresh: how its delivery stands now. */
export function fetchOutboxMail(id: number): Promise<OutboxMail> {
  return api.get<OutboxMail>(`/api/email/outbox/${id}`);
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxMail>(`/api/email/outbox/${id}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
}

/** Whether mail is failing to go out, for the dashboard's banner: asked on opening the dashboard and every minute. */
export function useMailHealth() {
  return useQuery({
    queryKey: [...outboxKey, 'health'],
    queryFn: () => api.get<MailHealth>('/api/email/outbox/health'),
    refetchInterval: 60_000,
  });
}
