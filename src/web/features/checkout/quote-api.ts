import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentMode } from '../../../domain/constants';
import type { Quote } from '../../../domain/schemas/delivery';
import type { OrderItemInput } from '../../../domain/schemas/order';
import { api } from '../../lib/api-client';

export interface QuoteRequest {
  items: OrderItemInput[];
  pincode: string;
  paymentmode: PaymentMode;
  coupon?: string | undefined;
  username: string;
  mobilenumber: string;
  emailaddress: string;
  address: string;
  state: string;
  district: string;
}

export const QUOTE_KEY = ['checkout-quote'] as const;

/** One request's quote, for the page's own query and for trying a discount code before showing it applied. */
export function quoteQuery(request: QuoteRequest) {
  return {
    queryKey: [...QUOTE_KEY, request],
    queryFn: () => api.post<Quote>('/api/checkout/quote', request),
    staleTime: 30_000,
  };
}

/** The server's figures for the summary; the total sent with the order is this quote's total. */
export function useQuote(request: QuoteRequest) {
  return useQuery({
    ...quoteQuery(request),
    placeholderData: keepPreviousData,
    // An empty cart (the order was just placed and the cart cleared) has nothing to price.
    enabled: request.items.length > 0,
  });
}

/**
 * The figures to show: the current quote, else the last one the shop gave on this page. A new quote that fails (a
 * payment mode chosen while the shop cannot be reached) has no figures of its own, and the summary should not
 * shrink to a bare total.
 */
export function useLastPriced(current: Quote | undefined): Quote | undefined {
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  return current ?? last;
}
