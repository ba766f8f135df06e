import type { ShopConfig } from '../../domain/screen-render';
import type { AppContext } from '../context';
import { gatewayFor } from '../payments/gateway-registry';

/**
 * What the browser needs before checkout: the gateway's script and key, and whether it is test mode. The shop's
 * contact links are the owner's, in the shop profile (GET /api/public/shop-profile), not part of this answer.
 */
export function shopConfig(ctx: AppContext): ShopConfig {
  const gateway = gatewayFor(ctx);
  return {
    gateway: gateway.name,
    scriptUrl: gateway.scriptUrl,
    keyid: gateway.keyId,
    testMode: gateway.testMode,
    onlinePayment: gateway.name !== 'off',
  };
}
