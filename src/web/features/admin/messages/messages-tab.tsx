import { LoadError } from '../../../components/load-error';
import { useMessageSettings, useMessages } from '../api/messages-api';
import { LoadingDots } from '../ui/loading-dots';
import { MessageList } from './message-list';

const PROVIDER_NOTE = {
  sandbox: 'WhatsApp sandbox: messages stay in the shop and show here. Play the customer’s reply with the buttons under a message.',
  cloud: 'Messages go out through the WhatsApp Cloud API; delivery and read statuses come back by webhook.',
  off: 'WhatsApp is off: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send messages. Queued messages fail until then.',
} as const;

/** The latest WhatsApp messages, newest first, with their statuses; in the sandbox, the customer's replies. */
export function MessagesTab({ active }: { active: boolean }) {
  const settings = useMessageSettings();
  const messages = useMessages(active);
  const provider = settings.data?.provider;
  return (
    <div>
      {provider && <p className="text-muted-strong small">{PROVIDER_NOTE[provider]}</p>}
      {messages.isPending && <LoadingDots label="Loading messages" />}
      {messages.isError && (
        <LoadError onRetry={() => void messages.refetch()}>The messages could not be loaded: {messages.error.message}</LoadError>
      )}
      {messages.data && <MessageList messages={messages.data} sandbox={provider === 'sandbox'} showOrder />}
    </div>
  );
}
