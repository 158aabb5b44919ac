/** How long a dashboard session lives. */
export interface SessionPolicy {
  /** A session unused this long ends (idle expiry). */
  idleMs: number;
  /** A session ends this long after sign-in, however busy (absolute expiry). */
  absoluteMs: number;
}

const HOUR = 3_600_000;

/** A working day idle, a week at most: set by SESSION_IDLE_TIMEOUT and SESSION_MAX_AGE. */
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 8 * HOUR, absoluteMs: 7 * 24 * HOUR };

/**
 * last_seen_at is written at most this often: a page makes several calls at once, and a write per
 * call would cost more than the idle expiry needs (it is measured in hours).
 */
export const TOUCH_INTERVAL_MS = 60_000;
