import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { quoteQuery, type QuoteRequest } from './quote-api';

/**
 * The summary's discount code. A code (or none) is priced before it is shown applied: when the shop cannot be
 * reached, the field keeps Apply and the figures already shown stay, with the reason beside the code.
 */
export function useCouponCode() {
  const queryClient = useQueryClient();
  const [coupon, setCoupon] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  /** Tries the request's code (undefined: none) and applies it once the shop has priced it. */
  async function apply(request: QuoteRequest) {
    setApplying(true);
    try {
      await queryClient.fetchQuery(quoteQuery(request));
      setError(null);
      setCoupon(request.coupon);
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : 'We could not check this code. Please try again.';
      // A failed Remove leaves the code on the order: said in as many words, since the field still shows it.
      setError(!request.coupon && coupon ? `${coupon} was not removed. ${reason}` : reason);
    } finally {
      setApplying(false);
    }
  }

  return { coupon, error, applying, apply };
}
