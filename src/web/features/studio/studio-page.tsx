import { ForbiddenPage } from '../../components/forbidden-page';
import { isAdmin, useSession } from '../session/session-store';

export function StudioPage() {
  const session = useSession();
  if (!isAdmin(session)) return <ForbiddenPage />;
  return <section className="container py-4"><h1>Product studio</h1></section>;
}
