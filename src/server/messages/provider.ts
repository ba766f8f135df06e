import type { MessageKind } from '../../domain/messages-and-confirmation';
import { sandboxMayRun, type Config } from '../config';
import { createCloudApiProvider } from './cloud-api-client';

/** One template message to one number. */
export interface OutgoingMessage {
  to: string;
  kind: MessageKind;
  template: { name: string; language: string };
  params: readonly string[];
  /** Quick-reply buttons' payloads, in the template's button order. */
  buttons: readonly string[];
  /** The outbox row's key: a provider that can, sends a message with a key it has seen only once. */
  idempotencyKey: string;
}

/** The provider refused the message itself (a bad number, an unknown template): trying again will not help. */
export class MessageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageRejectedError';
  }
}

export interface MessageProvider {
  name: 'cloud' | 'sandbox' | 'off';
  /** Answers the provider's message id, which its delivery statuses name. Throws when it was not sent. */
  send(message: OutgoingMessage): Promise<{ id: string }>;
}

/** WhatsApp's Cloud API with its keys; else the sandbox on the sandbox gateway's terms; else off. */
export function messageProviderFor(config: Config): MessageProvider {
  if (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID) {
    return createCloudApiProvider({ baseUrl: config.WHATSAPP_GRAPH_URL, token: config.WHATSAPP_TOKEN, phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID });
  }
  if (sandboxMayRun(config).allowed) return sandboxProvider;
  return offProvider;
}

/** Keeps every message in the shop: the outbox row is what the admin's Messages tab shows, as sent. */
const sandboxProvider: MessageProvider = {
  name: 'sandbox',
  send: (message) => Promise.resolve({ id: `sandbox.${message.idempotencyKey}` }),
};

const offProvider: MessageProvider = {
  name: 'off',
  send: () =>
    Promise.reject(
      new MessageRejectedError('WhatsApp is not set up: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send messages (see the configuration page).'),
    ),
};
