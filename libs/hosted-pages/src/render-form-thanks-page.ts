import { escapeHtml } from '@qr/domain';
import type { FormContent } from '@qr/api-contract';
import { type HtmlPage, htmlPage } from './html-page';

const DEFAULT_MESSAGE = 'Thank you! Your message has been sent.';

/**
 * The page shown after a lead form was accepted: the form's title and its `success_message`, or
 * a default thank-you.
 *
 * @example renderFormThanksPage({ title: 'Contact us', fields: [] }).html // '…Thank you! Your message has been sent.…'
 */
export function renderFormThanksPage(content: FormContent): HtmlPage {
  const message = content.success_message?.trim() ? content.success_message : DEFAULT_MESSAGE;
  const body = [`<h1>${escapeHtml(content.title)}</h1>`, `<p class="multiline" role="status">${escapeHtml(message)}</p>`];
  return htmlPage({ status: 200, title: content.title, body });
}
