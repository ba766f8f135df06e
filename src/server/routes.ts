import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import { businessRoutes } from './business/routes';
import { catalogRoutes } from './catalog/routes';
import { cancellationRoutes, checkoutRoutes, placementLimitRoutes, refundRoutes, statusRoutes } from './ordering/index';
import { couponsRoutes } from './coupons/routes';
import { deliveryRoutes } from './delivery/routes';
import { emailTemplatesRoutes } from './email-templates/routes';
import { healthRoutes } from './health/routes';
import { invoicingRoutes } from './invoicing/routes';
import { mailRoutes } from './mail/routes';
import { mediaRoutes } from './media/routes';
import { ordersRoutes } from './orders/routes';
import { policiesRoutes } from './policies/routes';
import { settingsRoutes } from './settings/routes';
import { shopProfileRoutes } from './shop-profile/routes';
import { reportsRoutes } from './reports/routes';
import { reviewsRoutes } from './reviews/routes';
import { stockRoutes } from './stock/routes';

/** Every capability's routes; each plugin declares its full paths. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(invoicingRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(statusRoutes);
  await app.register(mailRoutes);
  await app.register(settingsRoutes);
  await app.register(deliveryRoutes);
  await app.register(couponsRoutes);
  await app.register(businessRoutes);
  await app.register(shopProfileRoutes);
  await app.register(policiesRoutes);
  await app.register(adminRoutes);
  await app.register(stockRoutes);
  await app.register(cancellationRoutes);
  await app.register(refundRoutes);
  await app.register(placementLimitRoutes);
  await app.register(reportsRoutes);
  await app.register(reviewsRoutes);
}
