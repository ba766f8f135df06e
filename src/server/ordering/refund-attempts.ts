// A refund row may be asked of the gateway more than once: a retry after a failure is a new gateway refund under
// the same row. The gateway's word about an earlier ask (a failure delivered late, or resent) must never decide the
// live one: it would free the amount while the live ask may pay, and the next retry would pay twice.
import type { GatewayRefund } from '../payments/gateway';

/** What of a refund row says which ask is live. */
interface RefundAsk {
  id: string;
  attempt: number;
  gateway_refund_id: string | null;
}

/** The notes a refund is asked with: the row, and which ask of it this is. */
export function attemptNotes(row: Pick<RefundAsk, 'id' | 'attempt'>): Record<string, string> {
  return { shop_refund_id: row.id, shop_refund_attempt: String(row.attempt) };
}

// Refunds asked before asks were numbered carry no attempt: they were their row's first.
const attemptOf = (refund: GatewayRefund): number => Number(refund.notes.shop_refund_attempt ?? 1);

/** Whether the gateway's refund is the row's live ask: the one whose id it stored, or, before one is stored, this ask's. */
export function isLiveAttempt(row: RefundAsk, refund: GatewayRefund): boolean {
  if (row.gateway_refund_id) return refund.id === row.gateway_refund_id;
  return refund.notes.shop_refund_id === row.id && attemptOf(refund) === row.attempt;
}

// Should more than one refund at the gateway claim the live ask, what was paid or may still be paid decides.
const RANK: Record<GatewayRefund['status'], number> = { processed: 0, pending: 1, failed: 2 };

/** The gateway's refund that is the row's live ask, among every refund of its payment, if the gateway made it. */
export function liveAttemptOf(row: RefundAsk, refunds: readonly GatewayRefund[]): GatewayRefund | undefined {
  return refunds.filter((r) => isLiveAttempt(row, r)).sort((a, b) => RANK[a.status] - RANK[b.status])[0];
}
