import { useId } from 'react';

/** "Send me order updates on WhatsApp" for this order (DESIGN.md §8.6). */
export function WhatsappOptInField({ checked, mobile, onChange }: { checked: boolean; mobile: string; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">Send me order updates on WhatsApp</label>
      <div id={`${id}-help`} className="form-text">
        To {mobile}. Reply STOP at any time to end them.
      </div>
    </div>
  );
}
