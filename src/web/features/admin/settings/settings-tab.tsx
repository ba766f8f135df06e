import { LoadError } from '../../../components/load-error';
import { useSettings } from '../api/settings-api';
import { LoadingDots } from '../ui/loading-dots';
import { AdminAccess } from './admin-access';
import { BusinessSection } from './business-form';
import { PoliciesSection } from './policies-editor';
import { SettingsForm } from './settings-form';

export function SettingsTab() {
  const settings = useSettings();
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
      </div>
      <div className="col-12">
        <div className="detail-card">
          <BusinessSection />
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
