import { useQuery } from '@tanstack/react-query';
import type { StudioProduct } from '../../../../domain/schemas/studio';
import type { StockLevel } from '../../../../domain/stock';
import { api } from '../../../lib/api-client';

/** Tracked sizes, re-read every 30 s while the tab is open: orders keep taking bottles. */
export function useStockLevels(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'stock'],
    queryFn: () => api.get<StockLevel[]>('/api/stock'),
    enabled,
    refetchInterval: enabled ? 30_000 : false,
  });
}

/** Every product with its sizes' counts (null = not tracked) and its in-stock switch. */
export function useStudioProductsForStock(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'stock', 'products'], queryFn: () => api.get<StudioProduct[]>('/api/product'), enabled });
}
