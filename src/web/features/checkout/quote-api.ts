import { useQuery, keepPreviousData } from '@tanstack/react-query';
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

/** The server's figures for the summary; the total sent with the order is this quote's total. */
export function useQuote(request: QuoteRequest) {
  return useQuery({
    queryKey: [...QUOTE_KEY, request],
    queryFn: () => api.post<Quote>('/api/checkout/quote', request),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // An empty cart (the order was just placed and the cart cleared) has nothing to price.
    enabled: request.items.length > 0,
  });
}
