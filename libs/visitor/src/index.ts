// The visitor behind one scan, as a plain value (Shlink's `Visitor`): device, OS, browser and bot
// flag from the User-Agent, country from the IP or a trusted proxy header, language from
// Accept-Language. Plus the pure redirect helpers that look at it: destination choice, UTM
// parameters, daily unique hashes and scan milestones. Plain strings in, no framework, no I/O
// beyond the bundled IP database.
export type { Device, OsKey, UserAgentInfo } from './user-agent/user-agent-info';
export { UserAgentClassifier } from './user-agent/user-agent-classifier';
export { clientIp } from './address/client-ip';
export { countryOfIp } from './country/country-of-ip';
export { resolveCountry } from './country/resolve-country';
export { preferredLanguage } from './language/preferred-language';
export type { Visitor } from './visitor';
export { chooseDestination, type Stickiness } from './destination/choose-destination';
export { withUtm } from './utm/with-utm';
export { visitorHash } from './uniques/visitor-hash';
export { DEFAULT_MILESTONES, milestonesReached } from './milestones/milestones-reached';
export { signUnlock, UNLOCK_TTL_MS, unlockCookieName, unlockDayOf, type UnlockSubject, verifyUnlock } from './unlock/unlock-cookie';
export { ADDRESS_CODE_ATTEMPTS, CODE_ATTEMPTS, unlockAttemptLimits, unlockRetryAfterSeconds } from './unlock/unlock-throttle';
