import { lazy, type ComponentType } from 'react';
import { createHashRouter } from 'react-router';
import { Layout } from './layout';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../components/not-found-page';

/** A screen in a chunk of its own; the layout's Suspense shows a spinner while it loads. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Hash routes, as SPEC.md §2 requires. Home is in the first load; every other screen, and admin and studio
 * above all, is a chunk of its own loaded when visited, so the storefront's first load stays small.
 */
export const router = createHashRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'products', Component: page(() => import('../features/products/products-page'), 'ProductsPage') },
      { path: 'product/:name', Component: page(() => import('../features/products/product-detail-page'), 'ProductDetailPage') },
      { path: 'cart', Component: page(() => import('../features/cart/cart-page'), 'CartPage') },
      { path: 'login', Component: page(() => import('../features/account/login-page'), 'LoginPage') },
      { path: 'register', Component: page(() => import('../features/account/register-page'), 'RegisterPage') },
      { path: 'forgotpassword', Component: page(() => import('../features/account/forgot-password-page'), 'ForgotPasswordPage') },
      { path: 'resetpassword', Component: page(() => import('../features/account/reset-password-page'), 'ResetPasswordPage') },
      { path: 'account', Component: page(() => import('../features/account/account-page'), 'AccountPage') },
      { path: 'orders', Component: page(() => import('../features/orders/orders-page'), 'OrdersPage') },
      { path: 'checkoutbilling', Component: page(() => import('../features/checkout/billing-page'), 'BillingPage') },
      { path: 'checkoutorder', Component: page(() => import('../features/checkout/order-summary-page'), 'OrderSummaryPage') },
      { path: 'success', Component: page(() => import('../features/checkout/result-pages'), 'SuccessPage') },
      { path: 'failure', Component: page(() => import('../features/checkout/result-pages'), 'FailurePage') },
      { path: 'admin', lazy: async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage }) },
      { path: 'studio', lazy: async () => ({ Component: (await import('../features/studio/studio-page')).StudioPage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
