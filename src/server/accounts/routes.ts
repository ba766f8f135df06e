import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  adminAccessAnswerSchema,
  adminAccessSchema,
  authAnswerSchema,
  guestRegisterSchema,
  loginSchema,
  profileSchema,
  publicUserSchema,
  registerSchema,
  resetNewPasswordSchema,
  resetRequestSchema,
} from '../../domain/schemas/account';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { connectRedis, perIpPerMinute, registerRateLimit } from '../http/rate-limit';
import { currentProfile, login, register, registerGuest, updateProfile } from './account-service';
import { setAdminAccess } from './admin-access-service';
import { createLoginThrottle } from './login-throttle';
import { requestPasswordReset, resetWithToken } from './password-reset-service';

const profileAnswerSchema = z.object({ user: publicUserSchema, token: z.string().optional() });
const messageAnswerSchema = z.object({ message: z.string() });

/** Account calls of DESIGN.md §3 and the admin-access call of the settings tab. */
export async function accountsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await registerRateLimit(app, { redis: ctx.config.REDIS_URL ? await connectRedis(app, ctx.config.REDIS_URL) : undefined });
  const loginGuard = createLoginThrottle(app);
  // AUTH_RATE_LIMIT=0 switches the per-IP limit off (load tests); the per-account login rule always applies.
  const perIp: FastifyContextConfig = {
    rateLimit: ctx.config.AUTH_RATE_LIMIT > 0 ? perIpPerMinute(ctx.config.AUTH_RATE_LIMIT) : false,
  };

  app.post(
    '/api/account/register',
    { config: perIp, schema: { body: registerSchema, response: { 200: authAnswerSchema } } },
    async (request) => register(ctx, request.body),
  );

  app.post(
    '/api/account/login',
    { config: perIp, schema: { body: loginSchema, response: { 200: authAnswerSchema } } },
    async (request, reply) => login(ctx, request.body, loginGuard(request, reply)),
  );

  app.post(
    '/api/account/registeronprocess',
    { config: perIp, schema: { body: guestRegisterSchema, response: { 200: authAnswerSchema } } },
    async (request) => registerGuest(ctx, request.body),
  );

  app.post(
    '/api/account/resetpassword',
    { config: perIp, schema: { body: resetRequestSchema, response: { 200: messageAnswerSchema } } },
    async (request) => requestPasswordReset(ctx, request.body),
  );

  // Not one of the four limited calls, but each attempt costs a password hash: same per-IP budget.
  app.post(
    '/api/account/resetnewpassword',
    { config: perIp, schema: { body: resetNewPasswordSchema, response: { 200: authAnswerSchema } } },
    async (request) => resetWithToken(ctx, request.body),
  );

  // Guards run at onRequest: a caller without the right gets 401/403 before the body is read or its rules are told.
  app.get('/api/account/me', { onRequest: requireUser, schema: { response: { 200: publicUserSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return currentProfile(ctx, currentUser(request).id);
  });

  app.put(
    '/api/account/profile',
    { onRequest: requireUser, schema: { body: profileSchema, response: { 200: profileAnswerSchema } } },
    async (request) => updateProfile(ctx, currentUser(request).id, request.body, sessionLifetimeMs(request)),
  );

  app.post(
    '/api/settings/adminaccess',
    { onRequest: requireAdmin, schema: { body: adminAccessSchema, response: { 200: adminAccessAnswerSchema } } },
    async (request, reply) => {
      const message = await setAdminAccess(ctx, { ...request.body, actorUserId: currentUser(request).id });
      // A bare string would go out as text/plain; the API speaks JSON, so it is a JSON string.
      return reply.type('application/json').send(JSON.stringify(message));
    },
  );
}

/** How long the caller's (already verified) token was issued for: 20 minutes, or 7 days with "remember me". */
function sessionLifetimeMs(request: FastifyRequest): number {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return 0;
  try {
    const { exp, iat } = decodeJwt(token);
    return exp && iat ? (exp - iat) * 1000 : 0;
  } catch {
    return 0;
  }
}
