import { createHashRouter } from 'react-router';
import { Layout } from './layout';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../components/not-found-page';

/**
 * Hash routes, as SPEC.md §2 requires. Admin and studio are loaded only when visited so the storefront's
 * first load stays small.
 */
export const router = createHashRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'admin', lazy: async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage }) },
      { path: 'studio', lazy: async () => ({ Component: (await import('../features/studio/studio-page')).StudioPage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
