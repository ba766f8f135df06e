import { MessageRejectedError, type MessageProvider, type OutgoingMessage } from './provider';

export interface CloudApiOptions {
  /** The Graph API with its version, e.g. https://graph.facebook.com/v21.0 (a fake server in tests). */
  baseUrl: string;
  token: string;
  phoneNumberId: string;
  timeoutMs?: number;
}

const TIMEOUT_MS = 15_000;

/** The body of POST /{phone-number-id}/messages for a template message with body values and quick-reply buttons. */
export function templateMessageBody(message: OutgoingMessage) {
  const components: unknown[] = [];
  if (message.params.length > 0) {
    components.push({ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) });
  }
  message.buttons.forEach((payload, index) => {
    components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
  });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: { name: message.template.name, language: { code: message.template.language }, components },
  };
}

interface GraphAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

/**
 * WhatsApp's Cloud API over plain HTTPS: one POST per message with the bearer token. A 4xx other than 429 is the
 * message's fault (an unknown template, a number not on WhatsApp) and is not retried; 429, 5xx and network
 * failures are, by the outbox.
 */
export function createCloudApiProvider(options: CloudApiOptions): MessageProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: 'cloud',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateMessageBody(message)),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      const text = await response.text();
      let answer: GraphAnswer = {};
      try {
        answer = JSON.parse(text) as GraphAnswer;
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (!response.ok) {
        const why = `WhatsApp answered ${response.status}${typeof answer.error?.message === 'string' ? `: ${answer.error.message}` : ''}`;
        if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new MessageRejectedError(why);
        throw new Error(why);
      }
      const id = answer.messages?.[0]?.id;
      if (typeof id !== 'string' || id === '') throw new Error('WhatsApp answered without a message id');
      return { id };
    },
  };
}
