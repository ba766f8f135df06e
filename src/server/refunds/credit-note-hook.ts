import type { Executor } from '../db/database';

/**
 * THE HOOK FOR ISSUE 19 (credit notes). Called in the transaction that records a cancellation's or a refund's
 * refund row, with the rupees refunded. An issued invoice gets a credit note in its own gapless series
 * (DESIGN.md §7.3); issue 19's `issueCreditNote(order, amount, reason)` is not on main yet, so this does nothing
 * until the lead wires it here at merge.
 */
export async function creditNoteHook(_trx: Executor, _refund: { orderRowId: number; orderid: string; amount: number; reason: string }): Promise<void> {
  // Intentionally empty until issue 19 lands.
}
