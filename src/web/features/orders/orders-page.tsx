import { Link } from 'react-router';
import { SCREENS } from '../../../domain/messages';
import { LoadError } from '../../components/load-error';
import { LoginRequired } from '../../components/login-required';
import { Spinner } from '../../components/spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../session/session-store';
import { useMyOrders } from './my-orders-api';
import { OrderCard } from './order-card';

export function OrdersPage() {
  usePageTitle('Your Orders');
  const session = useSession();
  const email = session?.user.emailaddress;
  const orders = useMyOrders(email);
  if (!session) return <LoginRequired title="Your Orders" />;

  return (
    <section className="container py-4 py-md-5 page-medium">
      <h1 className="display-6 mb-4">Your Orders</h1>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <LoadError onRetry={() => void orders.refetch()}>We could not load your orders just now. Please try again in a moment.</LoadError>
      ) : orders.data.length === 0 ? (
        <div className="text-center py-5">
          <p className="lead">{SCREENS.noOrders}</p>
          <Link to="/products" className="btn btn-amber">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <ul className="list-unstyled d-grid gap-4">
          {orders.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
