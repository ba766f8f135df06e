import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import { APP_ROUTES, CRAWLABLE_ROUTES, OLD_PRODUCT_ROUTE } from '../../domain/app-routes';
import { NotFoundPage } from '../components/not-found-page';
import { HomePage } from '../features/home/home-page';
import { Layout } from './layout';
import { loadScreen } from './shell/screen-chunks';

/**
 * A screen in a chunk of its own; the layout's Suspense shows a spinner while it loads, and its error boundary says
 * so if the chunk cannot be fetched.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await loadScreen(load))[name] as ComponentType }));
}

const ProductsPage = page(() => import('../features/products/products-page'), 'ProductsPage');
const ProductDetailPage = page(() => import('../features/products/product-detail-page'), 'ProductDetailPage');
const OldProductAddress = page(() => import('../features/products/product-detail-page'), 'OldProductAddress');
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
 * Path routes (decision 072): the server answers each of these paths with the app (APP_ROUTES, CRAWLABLE_ROUTES)
 * and 404 for any other. Home is in the first load; every other screen is a chunk of its own. The declarative
 * BrowserRouter is used rather than the data router: no screen uses loaders or actions, and it is lighter on the
 * first load (bench/README.md). `location` is given only when the server renders a screen (ssr/render-screen.tsx),
 * at that path, so the browser hydrates the very same markup.
 */
export function AppRoutes({ location }: { location?: string | undefined }) {
  const routes = (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path={CRAWLABLE_ROUTES.products} element={<ProductsPage />} />
        <Route path={CRAWLABLE_ROUTES.product} element={<ProductDetailPage />} />
        <Route path={OLD_PRODUCT_ROUTE} element={<OldProductAddress />} />
        <Route path={APP_ROUTES.cart} element={<CartPage />} />
        <Route path={APP_ROUTES.login} element={<LoginPage />} />
        <Route path={APP_ROUTES.register} element={<RegisterPage />} />
        <Route path={APP_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={APP_ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={APP_ROUTES.account} element={<AccountPage />} />
        <Route path={APP_ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={APP_ROUTES.orders} element={<OrdersPage />} />
        <Route path={APP_ROUTES.track} element={<TrackPage />} />
        <Route path={APP_ROUTES.trackOrder} element={<TrackPage />} />
        <Route path={APP_ROUTES.billing} element={<BillingPage />} />
        <Route path={APP_ROUTES.orderSummary} element={<OrderSummaryPage />} />
        <Route path={APP_ROUTES.success} element={<SuccessPage />} />
        <Route path={APP_ROUTES.failure} element={<FailurePage />} />
        <Route path={CRAWLABLE_ROUTES.policy} element={<PolicyPage />} />
        <Route path={CRAWLABLE_ROUTES.contact} element={<ContactPage />} />
        <Route path={APP_ROUTES.review} element={<ReviewFormPage />} />
        <Route path={APP_ROUTES.confirmOrder} element={<ConfirmOrderPage />} />
        <Route path={APP_ROUTES.admin} element={<AdminPage />} />
        {/* The same screen as /admin, so the dashboard (and the list's filter and page) stays mounted between the two. */}
        <Route path={APP_ROUTES.adminOrder} element={<AdminPage />} />
        <Route path={APP_ROUTES.studio} element={<StudioPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
  return location ? <StaticRouter location={location}>{routes}</StaticRouter> : <BrowserRouter>{routes}</BrowserRouter>;
}
