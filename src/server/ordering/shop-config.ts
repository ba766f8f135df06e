import type { ShopConfig } from '../../domain/screen-render';
import type { AppContext } from '../context';
import { gatewayFor } from '../payments/gateway-registry';

/**
 * What the browser needs before checkout: the gateway's script and key, and whether it is test mode. The shop's
 * contact links ride along, so WHATSAPP_URL, INSTAGRAM_URL and FACEBOOK_URL reach the footer without a call of their own.
 * FACEBOOK_URL has no default: unset, `facebookUrl` is left out and the footer shows no Facebook link.
 */
export function shopConfig(ctx: AppContext): ShopConfig {
  const gateway = gatewayFor(ctx);
  return {
    gateway: gateway.name,
    scriptUrl: gateway.scriptUrl,
    keyid: gateway.keyId,
    testMode: gateway.testMode,
    onlinePayment: gateway.name !== 'off',
    whatsappUrl: ctx.config.WHATSAPP_URL,
    instagramUrl: ctx.config.INSTAGRAM_URL,
    ...(ctx.config.FACEBOOK_URL ? { facebookUrl: ctx.config.FACEBOOK_URL } : {}),
  };
}
