import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplate,
  EmailTemplateInput,
  TemplatePreviewAnswer,
  TemplatePreviewInput,
} from '../../../../domain/schemas/email-template';
import { api } from '../../../lib/api-client';

/** The server also sends the HTML part in the shop's mail layout. */
export type TemplatePreview = TemplatePreviewAnswer & { html?: string };

export const templatesKey = ['admin', 'templates'] as const;

export function useTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: () => api.get<EmailTemplate[]>('/api/email') });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; values: EmailTemplateInput }) =>
      input.id === null
        ? api.post<EmailTemplate>('/api/email', input.values)
        : api.put<EmailTemplate>('/api/email', { id: input.id, ...input.values }),
    onSettled: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: EmailTemplate) => api.delete<unknown>('/api/email', template),
    onSettled: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useTemplatePreview(input: TemplatePreviewInput) {
  return useQuery({
    queryKey: ['admin', 'template-preview', input],
    queryFn: () => api.post<TemplatePreview>('/api/email/preview', input),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
}
