import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../../domain/constants';
import { AppRoutes } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } });
}

/** The browser's one client; on a crawlable page it is filled before hydrating (start-app.tsx). */
export const queryClient = createQueryClient();

/** The whole app; the server renders it with its own client and the screen's `location` (ssr/render-screen.tsx). */
export function App({ client = queryClient, location }: { client?: QueryClient; location?: string }) {
  return (
    <QueryClientProvider client={client}>
      <AppRoutes location={location} />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </QueryClientProvider>
  );
}
