import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSessionSchema,
  adminAccessAnswerSchema,
  adminAccessSchema,
  authAnswerSchema,
  confirmEmailAnswerSchema,
  confirmEmailSchema,
  emailCodeAnswerSchema,
  emailCodeRequestSchema,
  emailCodeVerifySchema,
  guestRegisterSchema,
  loginSchema,
  profileAnswerSchema,
  profileSchema,
  publicUserSchema,
  registerSchema,
  resetNewPasswordSchema,
  resetRequestSchema,
} from '../../domain/schemas/account';
import { withPincodeCheck } from '../addresses/address-checks';
import { PRIVATE_CACHE_CONTROL, currentUser, requireAdmin, requireUser } from '../auth/guards';
import { ACCOUNT_BODY_LIMIT } from '../http/json-body';
import { perIpPerMinute, registerRateLimit } from '../http/rate-limit';
import { currentProfile, login, register, registerGuest, updateProfile } from './account-service';
import { createAddressTakenLimit } from './address-taken-limit';
import { setAdminAccess } from './admin-access-service';
import { confirmEmailChange } from './email-change-service';
import { requestEmailCode, signInWithEmailCode } from './email-code-service';
import { requestPasswordReset, resetWithToken } from './password-reset-service';
import { endOneSession, listSessions, logOut, logOutEverywhere, type SessionClient } from './session-service';

const messageAnswerSchema = z.object({ message: z.string() });

/** Account calls of DESIGN.md §3 and the admin-access call of the settings tab. */
export async function accountsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await registerRateLimit(app, { redis: ctx.redis });
  // Every account answer is the caller's (a token, a profile, a list of devices): never stored (DESIGN.md §7.1).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  const limitAddressTaken = createAddressTakenLimit(ctx);
  // AUTH_RATE_LIMIT=0 switches the per-IP limit off (load tests); the per-account login rule always applies.
  const perIp: FastifyContextConfig = {
    rateLimit: ctx.config.AUTH_RATE_LIMIT > 0 ? perIpPerMinute(ctx.config.AUTH_RATE_LIMIT) : false,
  };

  app.post(
    '/api/account/register',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: registerSchema, response: { 200: authAnswerSchema } } },
    async (request) => limitAddressTaken(request, () => register(ctx, request.body, clientOf(request))),
  );

  app.post(
    '/api/account/login',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: loginSchema, response: { 200: authAnswerSchema } } },
    async (request) => login(ctx, request.body, clientOf(request)),
  );

  app.post(
    '/api/account/registeronprocess',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: withPincodeCheck(guestRegisterSchema), response: { 200: authAnswerSchema } } },
    async (request) => limitAddressTaken(request, () => registerGuest(ctx, request.body, clientOf(request))),
  );

  // A returning guest whose address already has an account continues with a mailed code (decision 071).
  app.post(
    '/api/account/email-code',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: emailCodeRequestSchema, response: { 200: emailCodeAnswerSchema } } },
    async (request) => requestEmailCode(ctx, request.body),
  );

  app.post(
    '/api/account/email-code/verify',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: emailCodeVerifySchema, response: { 200: authAnswerSchema } } },
    async (request) => signInWithEmailCode(ctx, request.body, clientOf(request)),
  );

  app.post(
    '/api/account/resetpassword',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: resetRequestSchema, response: { 200: messageAnswerSchema } } },
    async (request) => requestPasswordReset(ctx, request.body),
  );

  // Not one of the four limited calls, but each attempt costs a password hash: same per-IP budget.
  app.post(
    '/api/account/resetnewpassword',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: resetNewPasswordSchema, response: { 200: authAnswerSchema } } },
    async (request) => resetWithToken(ctx, request.body, clientOf(request)),
  );

  // Guards run at onRequest: a caller without the right gets 401/403 before the body is read or its rules are told.
  app.get('/api/account/me', { onRequest: requireUser, schema: { response: { 200: publicUserSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return currentProfile(ctx, currentUser(request).id);
  });

  app.put(
    '/api/account/profile',
    { onRequest: requireUser, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: withPincodeCheck(profileSchema), response: { 200: profileAnswerSchema } } },
    async (request) => {
      const caller = currentUser(request);
      const update = () => updateProfile(ctx, caller.id, request.body);
      // Only a new address can be answered "taken"; the other fields of a profile change freely.
      return request.body.emailaddress === caller.email ? update() : limitAddressTaken(request, update, { accountId: caller.id });
    },
  );

  // The link mailed to the new address; no login needed (it may be opened on another device), the token decides.
  app.post(
    '/api/account/confirm-email',
    { config: perIp, bodyLimit: ACCOUNT_BODY_LIMIT, schema: { body: confirmEmailSchema, response: { 200: confirmEmailAnswerSchema } } },
    async (request) => limitAddressTaken(request, () => confirmEmailChange(ctx, request.body.token)),
  );

  app.post('/api/account/logout', { onRequest: requireUser }, async (request, reply) => {
    const caller = currentUser(request);
    await logOut(ctx.db, caller.id, caller.sessionId);
    return reply.code(204).send();
  });

  app.post('/api/account/logout-all', { onRequest: requireUser }, async (request, reply) => {
    await logOutEverywhere(ctx.db, currentUser(request).id);
    return reply.code(204).send();
  });

  app.get(
    '/api/account/sessions',
    { onRequest: requireUser, schema: { response: { 200: z.array(accountSessionSchema) } } },
    async (request) => {
      const caller = currentUser(request);
      return listSessions(ctx.db, caller.id, caller.sessionId);
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    { onRequest: requireUser, schema: { params: z.strictObject({ id: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      await endOneSession(ctx.db, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
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

function clientOf(request: FastifyRequest): SessionClient {
  return { userAgent: request.headers['user-agent'] ?? '' };
}
