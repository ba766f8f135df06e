import { lazy, type ComponentType, type ReactNode } from 'react';
import { createPath, HashRouter, Route, Router, Routes, type Navigator } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { HomePage } from '../features/home/home-page';
import { LandingAddress } from './landing-address';
import { Layout } from './layout';

/** A screen in a chunk of its own; the layout's Suspense shows a spinner while it loads. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const ProductsPage = page(() => import('../features/products/products-page'), 'ProductsPage');
const ProductDetailPage = page(() => import('../features/products/product-detail-page'), 'ProductDetailPage');
const CartPage = page(() => import('../features/cart/cart-page'), 'CartPage');
const LoginPage = page(() => import('../features/account/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/account/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('../features/account/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/account/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('../features/account/confirm-email-page'), 'ConfirmEmailPage');
const AccountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const OrdersPage = page(() => import('../features/orders/orders-page'), 'OrdersPage');
const TrackPage = page(() => import('../features/orders/track-page'), 'TrackPage');
const BillingPage = page(() => import('../features/checkout/billing-page'), 'BillingPage');
const OrderSummaryPage = page(() => import('../features/checkout/order-summary-page'), 'OrderSummaryPage');
const SuccessPage = page(() => import('../features/checkout/result-pages'), 'SuccessPage');
const FailurePage = page(() => import('../features/checkout/result-pages'), 'FailurePage');
const PolicyPage = page(() => import('../features/policies/policy-page'), 'PolicyPage');
const ContactPage = page(() => import('../features/policies/policy-page'), 'ContactPage');
// Admin and studio are lazy like every other screen: their code loads only when visited.
const ConfirmOrderPage = page(() => import('../features/orders/confirm-order-page'), 'ConfirmOrderPage');
const ReviewFormPage = page(() => import('../features/reviews/review-form-page'), 'ReviewFormPage');
const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage');
const StudioPage = page(() => import('../features/studio/studio-page'), 'StudioPage');

/**
 * The server renders one screen of the app for a crawlable page (ssr/render-screen.tsx) at a fixed location, with
 * links written as HashRouter writes them (`#/cart`), so the browser hydrates the very same markup.
 */
const serverNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  push: () => {},
  replace: () => {},
  go: () => {},
};

function ServerHashRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router location={location} navigator={serverNavigator} static>
      {children}
    </Router>
  );
}

/**
 * Hash routes, as SPEC.md §2 requires. Home is in the first load; every other screen is a chunk of its own.
 * The declarative HashRouter is used rather than the data router: no screen uses loaders or actions, and it
 * is lighter on the first load (bench/README.md). `location` is given only when the server renders a screen.
 */
export function AppRoutes({ location }: { location?: string | undefined }) {
  const routes = (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="product/:name" element={<ProductDetailPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="resetpassword" element={<ResetPasswordPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="track" element={<TrackPage />} />
        <Route path="track/:orderid" element={<TrackPage />} />
        <Route path="checkoutbilling" element={<BillingPage />} />
        <Route path="checkoutorder" element={<OrderSummaryPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route path="failure" element={<FailurePage />} />
        <Route path="policy/:policy" element={<PolicyPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="review/:productId" element={<ReviewFormPage />} />
        <Route path="confirm/:orderid" element={<ConfirmOrderPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="studio" element={<StudioPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
  // The same tree on the server and in the browser (useId counts positions), LandingAddress included.
  const app = (
    <>
      <LandingAddress />
      {routes}
    </>
  );
  return location ? <ServerHashRouter location={location}>{app}</ServerHashRouter> : <HashRouter>{app}</HashRouter>;
}
