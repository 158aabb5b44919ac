/**
 * The name of the hidden form input that people never see and bots fill in. It looks like an
 * ordinary "website" field to a bot, and the hyphen keeps it outside the form-field name grammar
 * (`[a-z][a-z0-9_]*`), so it can never collide with a real field of a form.
 */
export const HONEYPOT_FIELD: string = 'website-url';
