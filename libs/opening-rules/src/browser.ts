// The browser entry (`@qr/opening-rules/browser`): the weekday names a daily window uses, for the
// dashboard's schedule editor. Nothing behind these exports imports node: or a package.
export { WEEKDAYS, type Weekday } from './weekdays';
