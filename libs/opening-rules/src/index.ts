// Opening rules of a dynamic code: pure functions of the rules, the scan count and an injected
// "now". The redirect hot path, the API's `state` field and input validation all read these.
export { WEEKDAYS, type Weekday } from './weekdays';
export type { OpeningRules, OpeningState } from './opening-rules';
export { evaluateOpening } from './evaluate-opening';
export { admitScan, type Admission } from './admit-scan';
export { validateOpeningInput } from './validate-opening-input';
export { isValidTimeZone } from './time-zone/is-valid-time-zone';
