import { SCREENS } from '../../../domain/messages';
import { useShopConfig } from '../../lib/shop-config';

/** DESIGN.md §5: whenever the sandbox gateway is active, every screen says so. */
export function TestModeBanner() {
  const { data } = useShopConfig();
  if (!data?.testMode) return null;
  return (
    <div className="test-mode-banner" role="note">
      <strong>{SCREENS.testMode}</strong> · no real money moves
    </div>
  );
}
