// Session rules for the dashboard: passwords (policy and scrypt), bearer tokens and their digests,
// CSRF tokens, session expiry, sign-in links and the sign-in throttle's limits. Pure functions and
// node:crypto only; time is always a parameter. Storage and HTTP belong to the gateway.
export { checkNewPassword, normalizePassword, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from './password/password-policy';
export { hashPassword, verifyPassword, needsRehash, DEFAULT_SCRYPT_COST, type ScryptCost } from './password/password-hash';
export { newSecretToken, digestToken, isWellFormedToken } from './tokens/secret-token';
export { csrfTokenFor, csrfTokenMatches } from './csrf/csrf-token';
export { DEFAULT_SESSION_POLICY, TOUCH_INTERVAL_MS, type SessionPolicy } from './session/session-policy';
export { sessionStatusAt, shouldTouch, type SessionStatus, type SessionTimes } from './session/session-status';
export { signInLinkUrl, signInLinkStatusAt, DEFAULT_LINK_LIFETIME_MS, MAX_LINK_LIFETIME_MS, type LinkStatus } from './links/sign-in-link';
export { signInLimits, linkRedeemLimits, resetLimits, ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS } from './throttle/sign-in-throttle';
export { invitationEmail, passwordResetEmail, type LinkEmail, type InvitationFacts, type PasswordResetFacts } from './mail/link-emails';
