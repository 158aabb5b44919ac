import { normalizeEmail, type ThrottleLimit } from '@qr/domain';

const WINDOW_MS = 15 * 60_000;
/** Guessing one account's password: ten tries a quarter hour, whoever tries. */
export const ACCOUNT_ATTEMPTS = 10;
/** One address trying many accounts; loose enough for an office behind one NAT address. */
export const ADDRESS_ATTEMPTS = 50;

/**
 * The limits one sign-in attempt counts against. Every attempt counts, right or wrong, and an
 * unknown email is counted like a known one, so the throttle says nothing about which accounts exist.
 */
export function signInLimits(email: string, clientAddress: string): ThrottleLimit[] {
  return [
    { key: `signin:acct:${normalizeEmail(email)}`, limit: ACCOUNT_ATTEMPTS, windowMs: WINDOW_MS },
    { key: `signin:addr:${clientAddress}`, limit: ADDRESS_ATTEMPTS, windowMs: WINDOW_MS },
  ];
}

/** Redeeming sign-in links from one address (a token cannot be guessed; this caps the cost of trying). */
export function linkRedeemLimits(clientAddress: string): ThrottleLimit[] {
  return [{ key: `link:addr:${clientAddress}`, limit: ADDRESS_ATTEMPTS, windowMs: WINDOW_MS }];
}

/** "Forgot password": three asks a quarter hour per email (a mailbox is not to be flooded), fifty per address. */
export function resetLimits(email: string, clientAddress: string): ThrottleLimit[] {
  return [
    { key: `reset:acct:${normalizeEmail(email)}`, limit: 3, windowMs: WINDOW_MS },
    { key: `reset:addr:${clientAddress}`, limit: ADDRESS_ATTEMPTS, windowMs: WINDOW_MS },
  ];
}
