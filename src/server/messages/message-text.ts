import type { MessageKind } from '../../domain/messages-and-confirmation';

/**
 * The words of each message as the sandbox shows them and as the WhatsApp templates should read ({{1}} is the
 * customer's name, {{2}} the order, {{3}} the amount, then the kind's own values). The Cloud API sends the values
 * only: Meta holds the approved template text.
 */
const TEXTS: Record<MessageKind, string> = {
  PLACED: 'Hello {{1}}, thank you for your order {{2}} of {{3}}. We will message you when it ships.',
  COD_CONFIRMATION:
    'Hello {{1}}, please confirm your cash on delivery order {{2}} of {{3}}. Tap Confirm and we will pack it, or Cancel if you no longer want it.',
  SHIPPED: 'Hello {{1}}, your order {{2}} has shipped. AWB {{4}}; track it at {{5}}',
  OUT_FOR_DELIVERY: 'Hello {{1}}, your order {{2}} is out for delivery today. Amount {{3}}.',
  DELIVERED: 'Hello {{1}}, your order {{2}} was delivered. Tell other customers how you liked it: {{4}}',
  REFUND_PROCESSED: 'Hello {{1}}, a refund of {{4}} for your order {{2}} has been processed.',
};

/** The quick-reply buttons a kind carries: their payloads name the answer and the order. */
export function messageButtons(kind: MessageKind): ('CONFIRM' | 'CANCEL')[] {
  return kind === 'COD_CONFIRMATION' ? ['CONFIRM', 'CANCEL'] : [];
}

export function buttonPayload(answer: string, orderid: string): string {
  return `${answer}:${orderid}`;
}

export function messageText(kind: MessageKind, params: readonly string[]): string {
  return TEXTS[kind].replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

/** Parameters as stored, or none when the column was damaged. */
export function parseParams(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
