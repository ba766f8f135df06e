import { ForbiddenPage } from '../../components/forbidden-page';
import { usePageTitle } from '../../lib/use-page-title';
import { isAdmin, useSession } from '../session/session-store';
import { AdminDashboard } from './admin-dashboard';
import './admin.css';

/** /admin and /admin/orders/{orderid}: the dashboard for admins, the 403 screen for everyone else (the API refuses them too). */
export function AdminPage() {
  usePageTitle('Admin Dashboard');
  const session = useSession();
  if (!isAdmin(session)) return <ForbiddenPage signedIn={Boolean(session)} />;
  return <AdminDashboard />;
}
