import { LoadError } from '../../../components/load-error';
import { useDeliverySettings } from '../api/delivery-api';
import { useSettings } from '../api/settings-api';
import { LoadingDots } from '../ui/loading-dots';
import { AdminAccess } from './admin-access';
import { DeliveryForm } from './delivery-form';
import { BusinessSection } from './business-form';
import { PoliciesSection } from './policies-editor';
import { SettingsForm } from './settings-form';
import { ShopProfileSection } from './shop-profile-form';
import { StockThresholdForm } from './stock-threshold-form';
import { ReviewSettingsForm } from './review-settings-form';
import { MessagesSettingsSection } from './messages-settings-form';
import { OrderLimitsSection } from './order-limits-form';
import type { FocusRequest, SettingsSection } from './use-focus-request';

/** `focus`: a dashboard reminder sent the owner to one of the forms; `onFocused` once that form has the keyboard. */
export function SettingsTab({ focus, onFocused }: { focus: { section: SettingsSection; request: number } | null; onFocused: () => void }) {
  const requestFor = (section: SettingsSection): FocusRequest | null => (focus?.section === section ? { request: focus.request, done: onFocused } : null);
  const settings = useSettings();
  const delivery = useDeliverySettings();
  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <div className="detail-card">
          {settings.isPending && <LoadingDots label="Loading settings" />}
          {settings.isError && (
            <LoadError className="mb-0" onRetry={() => void settings.refetch()}>
              The settings could not be loaded: {settings.error.message}
            </LoadError>
          )}
          {settings.data && <SettingsForm settings={settings.data} />}
        </div>
      </div>
      <div className="col-lg-5">
        <div className="detail-card">
          <AdminAccess />
        </div>
        {settings.data && (
          <div className="detail-card mt-4">
            <StockThresholdForm settings={settings.data} />
          </div>
        )}
        {settings.data && (
          <div className="detail-card mt-4">
            <ReviewSettingsForm settings={settings.data} />
          </div>
        )}
        {settings.data && (
          <div className="detail-card mt-4">
            <MessagesSettingsSection settings={settings.data} />
          </div>
        )}
        <div className="detail-card mt-4">
          <OrderLimitsSection />
        </div>
        <div className="detail-card mt-4">
          {delivery.isPending && <LoadingDots label="Loading delivery settings" />}
          {delivery.isError && (
            <LoadError className="mb-0" onRetry={() => void delivery.refetch()}>
              The delivery settings could not be loaded: {delivery.error.message}
            </LoadError>
          )}
          {delivery.data && <DeliveryForm settings={delivery.data} />}
        </div>
      </div>
      <div className="col-12">
        <div className="detail-card">
          <ShopProfileSection focus={requestFor('profile')} />
        </div>
      </div>
      <div className="col-12">
        <div className="detail-card">
          <BusinessSection focus={requestFor('business')} />
        </div>
      </div>
      <div className="col-12">
        <div className="detail-card">
          <PoliciesSection />
        </div>
      </div>
    </div>
  );
}
