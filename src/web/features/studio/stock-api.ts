import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioProduct } from '../../../domain/schemas/studio';
import type { StockLevel } from '../../../domain/stock';
import { api } from '../../lib/api-client';
import { PRODUCTS_KEY } from '../../lib/query-keys';
import { STUDIO_KEY } from './studio-api';
import { stockOfSizes } from './stock-values';

export type StockChange =
  | { kind: 'set'; productId: string; size: number; stock: number | null }
  | { kind: 'receive'; productId: string; size: number; bottles: number };

function send(change: StockChange): Promise<StockLevel[]> {
  const path = `/api/stock/${encodeURIComponent(change.productId)}/${change.size}`;
  return change.kind === 'set'
    ? api.put<StockLevel[]>(path, { stock: change.stock })
    : api.post<StockLevel[]>(`${path}/received`, { bottles: change.bottles });
}

/** Sets or adds to one size's count; the answer (every tracked size) updates the product in the studio list. */
export function useStockChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (levels, change) => {
      client.setQueryData<StudioProduct[]>(STUDIO_KEY, (list) =>
        list?.map((p) => (p._id === change.productId ? { ...p, stock: stockOfSizes(p, levels) } : p)),
      );
      // "Only N left" and "Sold out" in this tab's storefront follow at once.
      void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
