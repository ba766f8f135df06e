import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '../../../domain/schemas/product';
import type { CatalogueSource, StudioProduct } from '../../../domain/schemas/studio';
import { api } from '../../lib/api-client';
import { PRODUCTS_KEY } from '../../lib/query-keys';

export const STUDIO_KEY = ['studio', 'products'] as const;

export function useCatalogueSource() {
  return useQuery({
    queryKey: ['studio', 'source'],
    queryFn: () => api.get<CatalogueSource>('/api/product/source'),
    staleTime: Infinity,
  });
}

export function useStudioProducts() {
  return useQuery({ queryKey: STUDIO_KEY, queryFn: () => api.get<StudioProduct[]>('/api/product'), staleTime: 0 });
}

/** Puts the changed product into the studio list without a refetch, and marks the storefront list stale. */
function useApplyChange() {
  const client = useQueryClient();
  return (product: StudioProduct | { deleted: string }) => {
    client.setQueryData<StudioProduct[]>(STUDIO_KEY, (list = []) => {
      if ('deleted' in product) return list.filter((p) => p._id !== product.deleted);
      const at = list.findIndex((p) => p._id === product._id);
      if (at < 0) return [...list, product];
      return list.map((p, i) => (i === at ? product : p));
    });
    // The shop's own list, so this tab's storefront shows the change at once.
    void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
  };
}

export function useSaveProduct() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      id ? api.put<StudioProduct>(`/api/product/${id}`, input) : api.post<StudioProduct>('/api/product', input),
    onSuccess: apply,
  });
}

export function useDeleteProduct() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/product/${id}`),
    onSuccess: (_data, id) => apply({ deleted: id }),
  });
}

export function useUploadImage() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return api.post<StudioProduct>(`/api/product/${id}/images`, form);
    },
    onSuccess: apply,
  });
}

export function useRemoveImage() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, hash }: { id: string; hash: string }) => api.delete<StudioProduct>(`/api/product/${id}/images/${hash}`),
    onSuccess: apply,
  });
}

export function useReorderImages() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, order }: { id: string; order: string[] }) => api.put<StudioProduct>(`/api/product/${id}/images`, { order }),
    onSuccess: apply,
  });
}

/** The fields of a product as the API takes them back (its pictures are managed by their own calls). */
export function inputOf(product: StudioProduct): ProductInput {
  return {
    name: product.name,
    description: product.description,
    offerpercentage: product.offerpercentage,
    instock: product.instock,
    price: product.price,
    quantitysize: product.quantitysize,
    quantity: product.quantity,
    images: [],
    hsn: product.hsn,
    gstRate: product.gstRate,
    bestBeforeMonths: product.bestBeforeMonths,
    countryOfOrigin: product.countryOfOrigin,
    ingredients: product.ingredients,
    allergens: product.allergens,
    vegMark: product.vegMark,
    nutritionPer100g: product.nutritionPer100g,
    storage: product.storage,
    sizeImageHashes: product.sizeImageHashes,
  };
}
