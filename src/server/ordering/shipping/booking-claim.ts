/**
 * A booking claimed (BOOKING) this long ago and never stored was cut short (a crash, a timeout) and may be resumed;
 * a cancelled order's booking the courier refused to cancel is asked again from then on.
 */
export const RESUME_AFTER_MS = 60_000;
