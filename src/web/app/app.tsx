import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../../domain/constants';
import { AppRoutes } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } });
}

/** The browser's one client; on a crawlable page it is filled before hydrating (start-app.tsx). */
export const queryClient = createQueryClient();

// Bootstrap's small breakpoint: below it toasts span the width and three of them cover the header.
const PHONE_QUERY = '(max-width: 575.98px)';
const PHONE_TOAST_LIMIT = 2;

function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsPhone(): boolean {
  return useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}

/** The whole app; the server renders it with its own client and the screen's `location` (ssr/render-screen.tsx). */
export function App({ client = queryClient, location }: { client?: QueryClient; location?: string }) {
  const phone = useIsPhone();
  return (
    <QueryClientProvider client={client}>
      <AppRoutes location={location} />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={phone ? PHONE_TOAST_LIMIT : undefined} />
    </QueryClientProvider>
  );
}
