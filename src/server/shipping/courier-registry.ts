import type { AppContext } from '../context';
import { CourierError, type Courier } from './courier';
import { chooseCourier } from './courier-choice';
import { createSandboxCourier } from './sandbox-courier';
import { createShiprocketCourier } from './shiprocket-courier';

const couriers = new WeakMap<AppContext, Courier>();

/** The app's courier: Shiprocket, else the sandbox where it may run, else none (manual shipments only). One per app. */
export function courierFor(ctx: AppContext): Courier {
  let courier = couriers.get(ctx);
  if (!courier) {
    const { SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_API_URL, SHIPROCKET_WEBHOOK_TOKEN } = ctx.config;
    const kind = chooseCourier(ctx.config).kind;
    courier =
      kind === 'shiprocket' && SHIPROCKET_EMAIL && SHIPROCKET_PASSWORD
        ? createShiprocketCourier({ baseUrl: SHIPROCKET_API_URL, email: SHIPROCKET_EMAIL, password: SHIPROCKET_PASSWORD, webhookToken: SHIPROCKET_WEBHOOK_TOKEN })
        : kind === 'sandbox'
          ? createSandboxCourier(ctx.config.PUBLIC_URL)
          : noCourier();
    couriers.set(ctx, courier);
  }
  return courier;
}

/** Tests swap in a stand-in courier (Shiprocket against a fake server, a courier that fails) before the first request. */
export function useCourier(ctx: AppContext, courier: Courier): void {
  couriers.set(ctx, courier);
}

function noCourier(): Courier {
  const refuse = async (): Promise<never> => {
    throw new CourierError(
      'No courier is connected to the shop. Book the parcel with your courier and choose "Booked elsewhere" to type its AWB, or set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.',
      true,
    );
  };
  return { name: 'off', testMode: false, book: refuse, schedulePickup: refuse, label: async () => null, track: async () => [], cancel: async () => undefined, scanFromWebhook: () => null };
}
