import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * True once any admin call is refused with 403: the admin role was revoked while the stored session
 * still says ADMIN. The server checks the role on every request; this makes the screen agree with it.
 */
export function useForbidden(): boolean {
  const client = useQueryClient();
  const [forbidden, setForbidden] = useState(false);
  useEffect(() => {
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === 'admin' && isForbidden(event.query.state.error)) {
        setForbidden(true);
      }
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isForbidden(event.mutation?.state.error)) setForbidden(true);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
  return forbidden;
}
