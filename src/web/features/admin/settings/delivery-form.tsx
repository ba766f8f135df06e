import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { DeliverySettings } from '../../../../domain/schemas/delivery';
import { ApiError } from '../../../lib/api-client';
import { useSaveDeliverySettings } from '../api/delivery-api';
import { PlainField } from '../../../components/plain-field';
import { PendingButton } from '../ui/pending-button';

type Text = Record<'allowed' | 'blocked' | 'codBlocked' | 'fee' | 'freeFrom' | 'minDays' | 'maxDays' | 'codMax' | 'codFee', string>;

const listText = (list: readonly string[]) => list.join(', ');
const parseList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
// A blank box is "no limit" for the optional values; anything else goes to the server as typed, which validates it.
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function toText(s: DeliverySettings): Text {
  return {
    allowed: listText(s.pincodesAllowed),
    blocked: listText(s.pincodesBlocked),
    codBlocked: listText(s.codBlocked),
    fee: String(s.deliveryFee),
    freeFrom: s.freeDeliveryFrom === null ? '' : String(s.freeDeliveryFrom),
    minDays: String(s.estimateMinDays),
    maxDays: String(s.estimateMaxDays),
    codMax: s.codMaxOrderValue === null ? '' : String(s.codMaxOrderValue),
    codFee: String(s.codFee),
  };
}

/** Settings → Delivery: where the shop delivers, what it costs, where cash on delivery is offered. */
export function DeliveryForm({ settings }: { settings: DeliverySettings }) {
  const id = useId();
  const save = useSaveDeliverySettings();
  const [text, setText] = useState<Text>(() => toText(settings));
  const [codEnabled, setCodEnabled] = useState(settings.codEnabled);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const body: DeliverySettings = {
      pincodesAllowed: parseList(text.allowed),
      pincodesBlocked: parseList(text.blocked),
      deliveryFee: Number(text.fee),
      freeDeliveryFrom: numberOrNull(text.freeFrom),
      estimateMinDays: Number(text.minDays),
      estimateMaxDays: Number(text.maxDays),
      codEnabled,
      codMaxOrderValue: numberOrNull(text.codMax),
      codFee: Number(text.codFee),
      codBlocked: parseList(text.codBlocked),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        setErrors({});
        setText(toText(saved));
        toast.success('Delivery settings saved.');
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fields : {});
        toast.error(error.message);
      },
    });
  }

  const field = (key: keyof Text, label: string, errorKey: string, help?: string, type: 'number' | 'text' = 'number') => (
    <PlainField
      id={`${id}-${key}`}
      label={label}
      type={type}
      help={help}
      error={Object.entries(errors).find(([k]) => k === errorKey || k.startsWith(`${errorKey}.`))?.[1]}
      value={text[key]}
      onChange={(value) => setText({ ...text, [key]: value })}
    />
  );

  return (
    <form
      noValidate
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-h`} className="detail-heading">
        Delivery
      </h3>
      {field('allowed', 'Pincodes served', 'pincodesAllowed', 'Prefixes (560) or whole pincodes, separated by commas. Empty: all of India.', 'text')}
      {field('blocked', 'Pincodes not served', 'pincodesBlocked', 'Taken out of those served.', 'text')}
      <div className="row">
        <div className="col-sm-6">{field('fee', 'Delivery fee (Rs.)', 'deliveryFee')}</div>
        <div className="col-sm-6">{field('freeFrom', 'Free delivery from (Rs.)', 'freeDeliveryFrom', 'Empty: never free.')}</div>
        <div className="col-sm-6">{field('minDays', 'Delivery in at least (days)', 'estimateMinDays')}</div>
        <div className="col-sm-6">{field('maxDays', 'Delivery in at most (days)', 'estimateMaxDays')}</div>
      </div>
      <div className="form-check form-switch mb-3">
        <input
          id={`${id}-cod`}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={codEnabled}
          onChange={(e) => setCodEnabled(e.target.checked)}
        />
        <label htmlFor={`${id}-cod`} className="form-check-label">
          Cash on delivery
        </label>
      </div>
      <div className="row">
        <div className="col-sm-6">{field('codMax', 'Cash on delivery up to (Rs.)', 'codMaxOrderValue', 'Empty: any order value.')}</div>
        <div className="col-sm-6">{field('codFee', 'Cash on delivery fee (Rs.)', 'codFee')}</div>
      </div>
      {field('codBlocked', 'Pincodes without cash on delivery', 'codBlocked', 'Prefixes or whole pincodes.', 'text')}
      <PendingButton className="btn btn-amber" pending={save.isPending}>
        Save Delivery
      </PendingButton>
    </form>
  );
}
