import { useState } from 'react';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import { APP_ROUTES } from '../../../domain/app-routes';
import { ForbiddenPage } from '../../components/forbidden-page';
import { CouponsTab } from './coupons/coupons-tab';
import { BusinessWarning } from './business-warning';
import { MailWarning } from './mail-warning';
import { MessagesTab } from './messages/messages-tab';
import { OrdersTab } from './orders/orders-tab';
import { OutboxTab } from './outbox/outbox-tab';
import { OverviewTab } from './overview/overview-tab';
import { PaymentVerificationTab } from './payments/payment-verification-tab';
import { ProductsTab } from './products/products-tab';
import { TaxReportsTab } from './reports/tax-reports-tab';
import { ReviewsTab } from './reviews/reviews-tab';
import { SettingsTab } from './settings/settings-tab';
import type { SettingsSection } from './settings/use-focus-request';
import { StockTab } from './stock/stock-tab';
import { TabList, TabPanel, tabId, type TabItem } from './ui/tabs';
import { useForbidden } from './ui/use-forbidden';
import { TemplatesTab } from './templates/templates-tab';

// The five tabs of SPEC.md §2 in their order, then the ones the shop owner needs beyond it.
const TABS = [
  { id: 'orders', label: 'Your Orders' },
  { id: 'templates', label: 'Email Templates' },
  { id: 'products', label: 'Products' },
  { id: 'settings', label: 'Settings' },
  { id: 'payments', label: 'Payment Verification' },
  { id: 'stock', label: 'Stock' },
  { id: 'coupons', label: 'Coupons' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'overview', label: 'Overview' },
  { id: 'reports', label: 'Tax reports' },
  { id: 'outbox', label: 'Mail Outbox' },
  { id: 'messages', label: 'Messages' },
] as const satisfies readonly TabItem[];

type TabKey = (typeof TABS)[number]['id'];

const isTab = (x: string | null): x is TabKey => TABS.some((t) => t.id === x);

/**
 * The dashboard: the selected tab lives in the URL (?tab=) so a reload or a shared link keeps it; an order open in
 * Your Orders has an address of its own, /admin/orders/{orderid}.
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const orderid = useMatch(APP_ROUTES.adminOrder)?.params.orderid;
  const requested = params.get('tab');
  const selected: TabKey = orderid ? 'orders' : isTab(requested) ? requested : 'orders';
  // Panels stay mounted once opened, so filters, pages and half-written forms survive a tab switch.
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([selected]));
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));
  const forbidden = useForbidden();
  // A reminder's button names a form of Settings: the tab opens with the keyboard on it (see SettingsTab).
  const [settingsFocus, setSettingsFocus] = useState<{ section: SettingsSection; request: number } | null>(null);

  function select(id: string) {
    if (!isTab(id) || id === selected) return;
    // From an open order, another tab is a place of the dashboard's own: the order's address gives way to it.
    if (orderid) void navigate({ pathname: APP_ROUTES.admin, search: id === 'orders' ? '' : `?tab=${id}` }, { replace: true });
    else setParams(id === 'orders' ? {} : { tab: id }, { replace: true });
  }

  function openSettingsAt(section: SettingsSection) {
    setSettingsFocus((now) => ({ section, request: (now?.request ?? 0) + 1 }));
    select('settings');
  }

  const panel = (id: TabKey) => {
    const active = id === selected;
    switch (id) {
      case 'orders': return <OrdersTab orderid={orderid} />;
      case 'templates': return <TemplatesTab />;
      case 'products': return <ProductsTab />;
      case 'settings': return <SettingsTab focus={settingsFocus} onFocused={() => setSettingsFocus(null)} />;
      case 'coupons': return <CouponsTab active={active} />;
      case 'reviews': return <ReviewsTab active={active} />;
      case 'payments': return <PaymentVerificationTab />;
      case 'stock': return <StockTab active={active} />;
      case 'overview': return <OverviewTab active={active} onShowFailedRefunds={() => setParams({ filter: 'refund-failed' }, { replace: true })} />;
      case 'reports': return <TaxReportsTab active={active} />;
      case 'outbox': return <OutboxTab active={active} />;
      case 'messages': return <MessagesTab active={active} />;
    }
  };

  if (forbidden) return <ForbiddenPage signedIn />;
  return (
    <section className="admin-dashboard container py-4" aria-labelledby="admin-title">
      <header className="admin-header">
        <h1 id="admin-title" className="admin-title">Admin Dashboard</h1>
        <p className="admin-subtitle">Orders, e-mails, products and settings of the shop.</p>
      </header>
      <BusinessWarning onOpenSettings={openSettingsAt} onDismissed={() => document.getElementById(tabId(selected))?.focus()} />
      <MailWarning onOpenOutbox={() => select('outbox')} />
      <TabList tabs={TABS} selected={selected} onSelect={select} label="Dashboard sections" />
      {TABS.map((t) => (
        <TabPanel key={t.id} id={t.id} active={t.id === selected}>
          {visited.has(t.id) && (
            <>
              <h2 className="visually-hidden">{t.label}</h2>
              {panel(t.id)}
            </>
          )}
        </TabPanel>
      ))}
    </section>
  );
}
