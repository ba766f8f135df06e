import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../../domain/display';
import type { Coupon } from '../../../../domain/schemas/delivery';
import { LoadError } from '../../../components/load-error';
import { useCoupons, useDeactivateCoupon } from '../api/delivery-api';
import { LoadingDots } from '../ui/loading-dots';
import { CouponForm } from './coupon-form';

function describe(c: Coupon): string {
  const off = c.kind === 'PERCENT' ? `${c.value}%` : formatRupees(c.value);
  const cap = c.maxDiscount !== null && c.kind === 'PERCENT' ? ` (up to ${formatRupees(c.maxDiscount)})` : '';
  const min = c.minOrder > 0 ? ` on ${formatRupees(c.minOrder)}+` : '';
  return `${off} off${cap}${min}${c.firstOrderOnly ? ', first order' : ''}`;
}

/** Discount codes: list with usage, create, edit, deactivate. */
export function CouponsTab({ active }: { active: boolean }) {
  const coupons = useCoupons(active);
  const deactivate = useDeactivateCoupon();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <div className="detail-card">
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h3 className="detail-heading mb-0">Discount codes</h3>
            <button type="button" className="btn btn-amber btn-sm" onClick={() => setEditing('new')}>
              New code
            </button>
          </div>
          {coupons.isPending && <LoadingDots label="Loading codes" />}
          {coupons.isError && (
            <LoadError className="mb-0" onRetry={() => void coupons.refetch()}>
              The codes could not be loaded: {coupons.error.message}
            </LoadError>
          )}
          {coupons.data?.length === 0 && <p className="text-body-secondary mb-0">No codes yet.</p>}
          {coupons.data && coupons.data.length > 0 && (
            <div className="table-responsive">
              <table className="table table-sm align-middle mb-0 coupons-table" data-testid="coupons-table">
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col" className="text-end">Used</th>
                    <th scope="col" className="coupon-until">Until</th>
                    <th scope="col" />
                  </tr>
                </thead>
                <tbody>
                  {coupons.data.map((c) => (
                    <tr key={c.code} className={c.active ? '' : 'text-body-secondary'} data-testid={`coupon-${c.code}`}>
                      <td className="fw-semibold">
                        {c.code}
                        {c.active ? null : <span className="badge text-bg-secondary ms-2">Inactive</span>}
                      </td>
                      <td className="small" data-label="Discount">{describe(c)}</td>
                      <td className="small text-end" data-testid="coupon-used" data-label="Used">
                        {c.used}
                        {c.totalUses !== null ? ` / ${c.totalUses}` : ''}
                      </td>
                      <td className="small text-nowrap coupon-until" data-label="Until">{c.validTo ? new Date(c.validTo).toLocaleDateString('en-IN') : '—'}</td>
                      <td className="text-end text-nowrap coupon-actions">
                        <button type="button" className="btn btn-link btn-sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                          Edit
                        </button>
                        {c.active ? (
                          <button
                            type="button"
                            className="btn btn-link btn-sm text-danger"
                            onClick={() =>
                              deactivate.mutate(c.code, {
                                onSuccess: () => toast.success(`${c.code} deactivated.`),
                                onError: (e) => toast.error(e.message),
                              })
                            }
                          >
                            Deactivate
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
      <div className="col-lg-5">
        {editing ? (
          <div className="detail-card">
            <CouponForm key={editing === 'new' ? 'new' : editing.code} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
