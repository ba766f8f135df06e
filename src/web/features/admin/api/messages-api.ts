import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageTemplates, MessageView, SandboxReply } from '../../../../domain/messages-and-confirmation';
import type { Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';

const messagesKey = ['admin', 'messages'] as const;

/**
 * After anything the owner does to an order: its messages are read again, so a question just answered (or an order
 * just cancelled) stops offering the customer's buttons, and a message just queued shows.
 */
export function refreshMessages(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: messagesKey });
}

export interface MessageSettings {
  provider: 'cloud' | 'sandbox' | 'off';
  templates: MessageTemplates;
}

/** The latest messages (or one order's), refreshed while shown so statuses and the sandbox's sends appear. */
export function useMessages(enabled: boolean, orderid?: string) {
  return useQuery({
    queryKey: [...messagesKey, orderid ?? 'all'],
    queryFn: () => api.get<MessageView[]>(`/api/messages${orderid ? `?orderid=${encodeURIComponent(orderid)}` : ''}`),
    enabled,
    refetchInterval: enabled ? 4_000 : false,
  });
}

export function useMessageSettings() {
  return useQuery({ queryKey: [...messagesKey, 'settings'], queryFn: () => api.get<MessageSettings>('/api/messages/settings') });
}

export function useSaveMessageTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templates: MessageTemplates) => api.put<MessageSettings>('/api/messages/settings', { templates }),
    onSuccess: (saved) => client.setQueryData([...messagesKey, 'settings'], saved),
  });
}

/** The owner plays the customer's answer in the sandbox. */
export function useSandboxReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: SandboxReply) => api.post<{ status: string }>('/api/whatsapp/sandbox/reply', reply),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: messagesKey });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** The owner confirms (after a call) or cancels a COD order that waits for the customer. */
export function useAnswerConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderid, answer }: { orderid: string; answer: 'CONFIRM' | 'CANCEL' }) => api.post<Order>(`/api/order/${encodeURIComponent(orderid)}/confirm`, { answer }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      refreshMessages(client);
    },
  });
}
