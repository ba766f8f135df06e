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

// At most two toasts at once, on any screen; more wait their turn. They open below the sticky header (theme.css
// places them by --site-header-height, which the layout keeps up to date), never over it.
const TOAST_LIMIT = 2;

/** The whole app; the server renders it with its own client and the screen's `location` (ssr/render-screen.tsx). */
export function App({ client = queryClient, location }: { client?: QueryClient; location?: string }) {
  return (
    <QueryClientProvider client={client}>
      <AppRoutes location={location} />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={TOAST_LIMIT} />
    </QueryClientProvider>
  );
}
