import type { FastifyBaseLogger } from 'fastify';
import type { MessageAnswer, MessageKind, MessageStatus, MessageTemplates, MessageView, SandboxReply } from '../../domain/messages-and-confirmation';
import { orderNumber, withOrderPrefix } from '../../domain/display';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { messaging } from './index';
import { deliveredReviewLink, lacksReviewLink, messageButtons, messageText, parseParams } from './message-text';
import { accountsOfNumber, applyDeliveryStatus, firstProductsOf, listMessages, readTemplates, saveTemplates, type ListedMessage } from './message-repository';
import { readEvents, signatureMatches, type CustomerAnswer } from './webhook';

/** A customer's answer with the accounts their number belongs to (a STOP opts them all out). */
export type AnswerFromCustomer = CustomerAnswer & { userIds: number[] };
/** What ordering does with an answer: confirm, cancel, opt out. Errors are the answer's own (logged, not retried). */
export type AnswerHandler = (ctx: AppContext, answer: AnswerFromCustomer) => Promise<void>;

const LIST_LIMIT = 200;

function toView(row: ListedMessage, params: string[], templates: MessageTemplates, publicUrl: string, firstProducts: Map<number, number>): MessageView {
  const kind = row.kind as MessageKind;
  const status = (row.status === 'SENDING' ? 'QUEUED' : row.status) as MessageStatus;
  // Not sent yet (or sent before the values sent were kept): the link it will carry, made as the worker makes it.
  const shown = lacksReviewLink(kind, params) ? [...params, deliveredReviewLink(publicUrl, firstProducts.get(row.order_id) ?? null)] : params;
  return {
    id: row.id,
    orderid: row.orderid,
    orderNumber: orderNumber(row.order_id),
    to: `+${row.to_number}`,
    kind,
    template: row.template ?? templates[kind]?.name ?? kind.toLowerCase(),
    status,
    createdAt: row.created_at,
    error: row.last_error,
    text: messageText(kind, shown),
    buttons: messageButtons(kind).map((b) => (b === 'CONFIRM' ? 'Confirm' : 'Cancel')),
    answer: messageButtons(kind).length > 0 ? answerOf(row, new Date().toISOString()) : null,
  };
}

/**
 * Where the question of a message with buttons stands, as an answer would be judged: one is taken only while the
 * order waits, is not cancelled and its window is open (refuseUnlessWaiting in ordering). A cancel at confirmation
 * is the customer's unless an admin made it ("Cancel: not wanted"); a confirmation records whose it was.
 */
function answerOf(row: ListedMessage, now: string): MessageAnswer {
  const result = row.confirmation_result;
  if (result === 'CANCELLED' && row.cancelled_by === 'ADMIN') return 'CANCELLED_BY_SHOP';
  if (result === 'CONFIRMED' || result === 'CONFIRMED_BY_SHOP' || result === 'CANCELLED' || result === 'EXPIRED') return result;
  if (row.confirmation === 'PENDING' && row.order_status !== 'CANCELLED') return row.confirm_by && row.confirm_by <= now ? 'EXPIRED' : 'WAITING';
  return 'CLOSED';
}

/** GET /api/messages: one order's messages, or the latest of all, newest first. */
export async function messageViews(ctx: AppContext, orderid: string | undefined): Promise<MessageView[]> {
  const [rows, templates] = await Promise.all([
    listMessages(ctx.db, { orderid: orderid ? withOrderPrefix(orderid) : undefined, limit: LIST_LIMIT }),
    readTemplates(ctx.db),
  ]);
  const parsed = rows.map((row) => ({ row, params: parseParams(row.params) }));
  const linkless = parsed.filter(({ row, params }) => lacksReviewLink(row.kind, params)).map(({ row }) => row.order_id);
  const firstProducts = await firstProductsOf(ctx.db, linkless);
  return parsed.map(({ row, params }) => toView(row, params, templates, ctx.config.PUBLIC_URL, firstProducts));
}

export async function messageSettings(ctx: AppContext) {
  return { provider: messaging(ctx).provider.name, templates: await readTemplates(ctx.db) };
}

export async function updateMessageTemplates(ctx: AppContext, templates: MessageTemplates, actorUserId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await saveTemplates(trx, templates);
    await writeAudit(trx, { actorUserId, action: 'messages.templates', target: 'message_templates', details: templates });
  });
  return messageSettings(ctx);
}

/**
 * A webhook POST from Meta: refused (401) unless X-Hub-Signature-256 is the HMAC of its exact bytes with the app
 * secret; then delivery statuses are stored and customers' answers handed to ordering. Meta sends an event again
 * until it hears 200, and every step here is idempotent (statuses only move forward, answers repeat harmlessly),
 * so one answer that fails is logged and the rest still count.
 */
export async function receiveWebhook(
  ctx: AppContext,
  request: { rawBody: string; signature: string | undefined },
  onAnswer: AnswerHandler,
  log: FastifyBaseLogger,
): Promise<{ statuses: number; answers: number }> {
  const secret = ctx.config.WHATSAPP_APP_SECRET;
  if (!secret) throw new HttpError(401, 'UNAUTHORIZED', 'The WhatsApp webhook is not set up: set WHATSAPP_APP_SECRET.');
  if (!signatureMatches(secret, request.rawBody, request.signature)) {
    throw new HttpError(401, 'UNAUTHORIZED', 'The X-Hub-Signature-256 header does not match this body.');
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'The webhook body is not JSON.');
  }
  const { statuses, answers } = readEvents(body);
  let changed = 0;
  for (const s of statuses) if (await applyDeliveryStatus(ctx.db, s.providerId, s.status, s.error, nowIso())) changed += 1;
  let handled = 0;
  for (const answer of answers) {
    try {
      await onAnswer(ctx, { ...answer, userIds: await accountsOfNumber(ctx.db, answer.from) });
      handled += 1;
    } catch (error) {
      log.warn({ err: error, from: answer.from, answer: answer.answer }, 'WhatsApp answer not applied');
    }
  }
  return { statuses: changed, answers: handled };
}

/** The owner plays the customer's reply to the latest message about the order (sandbox only). */
export async function playSandboxReply(ctx: AppContext, reply: SandboxReply, onAnswer: AnswerHandler): Promise<void> {
  const orderid = withOrderPrefix(reply.orderid);
  const [latest] = await listMessages(ctx.db, { orderid, limit: 1 });
  if (!latest) throw notFound(`No message was sent about order ${orderid}, so there is nothing to reply to.`);
  await onAnswer(ctx, {
    from: latest.to_number,
    answer: reply.button,
    orderid: reply.button === 'STOP' ? null : orderid,
    userIds: await accountsOfNumber(ctx.db, latest.to_number),
  });
}
