import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { Coupon, CouponInput } from '../../../../domain/schemas/delivery';
import { ApiError } from '../../../lib/api-client';
import { useSaveCoupon } from '../api/delivery-api';
import { PlainField } from '../../../components/plain-field';

type Text = Record<'code' | 'value' | 'minOrder' | 'maxDiscount' | 'validFrom' | 'validTo' | 'totalUses' | 'perCustomer', string>;

// datetime-local works in the browser's time zone; the server stores UTC.
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (text: string) => (text ? new Date(text).toISOString() : null);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function toText(c: Coupon | null): Text {
  return {
    code: c?.code ?? '',
    value: c ? String(c.value) : '10',
    minOrder: c ? String(c.minOrder) : '0',
    maxDiscount: c?.maxDiscount == null ? '' : String(c.maxDiscount),
    validFrom: toLocalInput(c?.validFrom ?? null),
    validTo: toLocalInput(c?.validTo ?? null),
    totalUses: c?.totalUses == null ? '' : String(c.totalUses),
    perCustomer: c?.perCustomer == null ? '' : String(c.perCustomer),
  };
}

/** Create a code, or edit one (its code stays: customers may already have it). */
export function CouponForm({ editing, onDone }: { editing: Coupon | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveCoupon();
  const [text, setText] = useState<Text>(() => toText(editing));
  const [kind, setKind] = useState<CouponInput['kind']>(editing?.kind ?? 'PERCENT');
  const [firstOrderOnly, setFirstOrderOnly] = useState(editing?.firstOrderOnly ?? false);
  const [active, setActive] = useState(editing?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const coupon: CouponInput = {
      code: text.code.trim(),
      kind,
      value: Number(text.value),
      minOrder: Number(text.minOrder || 0),
      maxDiscount: numberOrNull(text.maxDiscount),
      validFrom: fromLocalInput(text.validFrom),
      validTo: fromLocalInput(text.validTo),
      totalUses: numberOrNull(text.totalUses),
      perCustomer: numberOrNull(text.perCustomer),
      firstOrderOnly,
      active,
    };
    save.mutate(
      { coupon, editing: !!editing },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.code} saved.`);
          onDone();
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? error.fields : {});
          toast.error(error.message);
        },
      },
    );
  }

  const field = (key: keyof Text, label: string, type = 'number', help?: string) => (
    <PlainField
      id={`${id}-${key}`}
      className="col-sm-6 mb-3"
      label={label}
      type={type}
      help={help}
      error={errors[key]}
      value={text[key]}
      readOnly={key === 'code' && !!editing}
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
        {editing ? `Edit ${editing.code}` : 'New code'}
      </h3>
      <div className="row">
        {field('code', 'Code', 'text', 'Letters and digits; customers may type it in any case.')}
        <div className="col-sm-6 mb-3">
          <label htmlFor={`${id}-kind`} className="form-label">
            Discount
          </label>
          <select id={`${id}-kind`} className="form-select" value={kind} onChange={(e) => setKind(e.target.value as CouponInput['kind'])}>
            <option value="PERCENT">Percent of the items</option>
            <option value="FLAT">Flat rupees</option>
          </select>
        </div>
        {field('value', kind === 'PERCENT' ? 'Percent off' : 'Rupees off')}
        {field('maxDiscount', 'Highest discount (Rs.)', 'number', 'Empty: no cap.')}
        {field('minOrder', 'Minimum order (Rs.)')}
        {field('totalUses', 'Uses in all', 'number', 'Empty: unlimited.')}
        {field('perCustomer', 'Uses per customer', 'number', 'Empty: unlimited.')}
        {field('validFrom', 'Valid from', 'datetime-local')}
        {field('validTo', 'Valid until', 'datetime-local')}
      </div>
      <div className="form-check mb-2">
        <input id={`${id}-first`} type="checkbox" className="form-check-input" checked={firstOrderOnly} onChange={(e) => setFirstOrderOnly(e.target.checked)} />
        <label htmlFor={`${id}-first`} className="form-check-label">
          First order only
        </label>
      </div>
      <div className="form-check mb-3">
        <input id={`${id}-active`} type="checkbox" className="form-check-input" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <label htmlFor={`${id}-active`} className="form-check-label">
          Active
        </label>
      </div>
      <button type="submit" className="btn btn-amber me-2" disabled={save.isPending}>
        {editing ? 'Save code' : 'Create code'}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
