// The small HTML pages the redirect service serves to people who scan a code: hosted menu, lead
// form and contact pages, and the "closed" pages. Pure functions from content to HTML plus a
// strict CSP; every user value passes through escapeHtml. No framework, no template engine.
export type { HtmlPage } from './html-page';
export { renderMenuPage } from './render-menu-page';
export { renderFormPage } from './render-form-page';
export { renderFormThanksPage } from './render-form-thanks-page';
export { renderVcardPage } from './render-vcard-page';
export { vcardDownload } from './vcard-download';
export { renderClosedPage } from './render-closed-page';
export type { ClosedReason } from './render-closed-page';
export { HONEYPOT_FIELD } from './honeypot-field';
export { validateLeadSubmission } from './validate-lead-submission';
export { PASSWORD_FIELD, type PasswordPageOptions, type PasswordProblem, renderPasswordPage } from './render-password-page';
