import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReview, Review, ReviewInput, ReviewPage } from '../../../domain/schemas/review';
import { api } from '../../lib/api-client';
import { PRODUCTS_KEY } from '../../lib/query-keys';

/** Shared with the crawlable page's server render (ssr/render-screen.tsx), which fills the first page. */
export const reviewsKey = (productId: string, page: number, stars: number | null) => ['reviews', productId, page, stars ?? 0] as const;

export function usePublicReviews(productId: string, page: number, stars: number | null) {
  return useQuery({
    queryKey: reviewsKey(productId, page, stars),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(page) });
      if (stars) search.set('stars', String(stars));
      return api.get<ReviewPage>(`/api/public/products/${encodeURIComponent(productId)}/reviews?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

const mineKey = (productId: string) => ['reviews', 'mine', productId] as const;

export function useMyReview(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: mineKey(productId),
    queryFn: () => api.get<MyReview>(`/api/products/${encodeURIComponent(productId)}/reviews/mine`),
    enabled,
    // An order may have been delivered since it was last asked.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * The caller's review of each product, for Your Orders: keyed by account too, so another account's reviews are never
 * shown after switching. Writing a review marks every 'reviews' query stale, these included.
 */
export function useMyReviews(productIds: readonly string[], email: string | undefined) {
  return useQueries({
    queries: productIds.map((productId) => ({
      queryKey: [...mineKey(productId), email],
      queryFn: () => api.get<MyReview>(`/api/products/${encodeURIComponent(productId)}/reviews/mine`),
      enabled: !!email,
    })),
  });
}

export function useWriteReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.post<Review>(`/api/products/${encodeURIComponent(productId)}/reviews`, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['reviews'] });
      void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
