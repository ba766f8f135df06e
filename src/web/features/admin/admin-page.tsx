import { useMatch } from 'react-router';
import { APP_ROUTES } from '../../../domain/app-routes';
import { ForbiddenPage } from '../../components/forbidden-page';
import { usePageTitle } from '../../lib/use-page-title';
import { isAdmin, useSession } from '../session/session-store';
import { AdminDashboard } from './admin-dashboard';
import './admin.css';

/** /admin and /admin/orders/{orderid}: the dashboard for admins, the 403 screen for everyone else (the API refuses them too). */
export function AdminPage() {
  const session = useSession();
  const admin = isAdmin(session);
  // An open order names the page itself, by its number, once it is read.
  const onOrder = useMatch(APP_ROUTES.adminOrder) !== null;
  usePageTitle(admin && onOrder ? null : 'Admin Dashboard');
  if (!admin) return <ForbiddenPage signedIn={Boolean(session)} />;
  return <AdminDashboard />;
}
