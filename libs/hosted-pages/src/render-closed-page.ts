import { escapeHtml, formatUtc } from '@qr/domain';
import { formatOpensAt } from './format-opens-at';
import { type HtmlPage, htmlPage } from './html-page';

/** Why a scan does not lead anywhere: the code is unknown, gone for good, or not open now. */
export type ClosedReason = 'not_found' | 'deleted' | 'expired' | 'limit_reached' | 'paused' | 'scheduled' | 'outside_hours';

/** The HTTP status to answer with, and when (and in which zone) the code opens next, if known. */
export interface ClosedPageOptions {
  status: number;
  opensAt: Date | null;
  timezone: string;
}

// Short and friendly, for the person holding the phone: no ids, states or rules.
const TEXTS: Readonly<Record<ClosedReason, { heading: string; detail: string }>> = {
  not_found: { heading: 'This code does not exist', detail: 'Check that the whole code was scanned, or ask whoever put it up.' },
  deleted: { heading: 'This code is no longer active', detail: 'It has been switched off by its owner.' },
  expired: { heading: 'This code has expired', detail: 'The offer or event it belonged to has ended.' },
  limit_reached: { heading: 'This code has reached its scan limit', detail: 'It cannot be used any more.' },
  paused: { heading: 'This code is paused', detail: 'It is not available right now. Please try again later.' },
  scheduled: { heading: 'This code is not active yet', detail: 'Please come back once it opens.' },
  outside_hours: { heading: 'This code is closed right now', detail: 'It is only available during its opening hours.' },
};

/**
 * The page for a scan that is not redirected: it says why, and for `scheduled` and
 * `outside_hours` when the code opens next, in the code's time zone
 * ("Opens Fri, 20 Nov 2026, 09:00 (Europe/Berlin)"). The status is the caller's: 404 for
 * not_found, 410 for deleted/expired/limit_reached, 403 for the rest.
 *
 * @example renderClosedPage('not_found', { status: 404, opensAt: null, timezone: 'UTC' }).html
 * // '…<h1>This code does not exist</h1>…'
 */
export function renderClosedPage(reason: ClosedReason, o: ClosedPageOptions): HtmlPage {
  // A reason outside the union (a JavaScript caller's slip) still gets a page, not a crash.
  const text = TEXTS[reason] ?? TEXTS.not_found;
  const opens = o.opensAt !== null && (reason === 'scheduled' || reason === 'outside_hours') ? opensLine(o.opensAt, o.timezone) : '';
  const body = [`<h1>${escapeHtml(text.heading)}</h1>`, opens, `<p class="muted">${escapeHtml(text.detail)}</p>`];
  return htmlPage({ status: o.status, title: text.heading, body });
}

function opensLine(opensAt: Date, timezone: string): string {
  return `<p>Opens <time datetime="${escapeHtml(formatUtc(opensAt))}">${escapeHtml(formatOpensAt(opensAt, timezone))}</time></p>`;
}
