import { useMutation } from '@tanstack/react-query';
import type { VerifyPaymentInput } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';

/** POST /api/checkout/verifypayment answers true or false. */
export function useVerifyPayment() {
  return useMutation({
    mutationFn: async (input: VerifyPaymentInput) => (await api.post<unknown>('/api/checkout/verifypayment', input)) === true,
  });
}
