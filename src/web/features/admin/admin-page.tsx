import { ForbiddenPage } from '../../components/forbidden-page';
import { isAdmin, useSession } from '../session/session-store';

export function AdminPage() {
  const session = useSession();
  if (!isAdmin(session)) return <ForbiddenPage />;
  return <section className="container py-4"><h1>Admin Dashboard</h1></section>;
}
