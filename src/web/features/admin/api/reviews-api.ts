import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewList, Moderation, Review, ReviewStatus } from '../../../../domain/schemas/review';
import { api } from '../../../lib/api-client';
import { PRODUCTS_KEY } from '../../../lib/query-keys';

const reviewsKey = ['admin', 'reviews'] as const;

export function useAdminReviews(enabled: boolean, status: ReviewStatus | '', page: number) {
  return useQuery({
    queryKey: [...reviewsKey, status, page],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(page) });
      if (status) search.set('status', status);
      return api.get<AdminReviewList>(`/api/reviews?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useReviewChange<T>(call: (input: T) => Promise<Review>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reviewsKey });
      void client.invalidateQueries({ queryKey: ['reviews'] });
      void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

export const useModerateReview = () => useReviewChange(({ id, ...body }: Moderation & { id: number }) => api.put<Review>(`/api/reviews/${id}`, body));
export const useReplyToReview = () => useReviewChange(({ id, text }: { id: number; text: string }) => api.put<Review>(`/api/reviews/${id}/reply`, { text }));
