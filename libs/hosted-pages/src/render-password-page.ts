import { escapeHtml } from '@qr/domain';
import { type HtmlPage, htmlPage } from './html-page';

/** The field the password page posts: the redirect reads it from the urlencoded body. */
export const PASSWORD_FIELD = 'password';

/** Why the page is shown again: a wrong password, or too many attempts. Neither says more than that. */
export type PasswordProblem = 'wrong' | 'throttled';

export interface PasswordPageOptions {
  /** Where the form posts: the code's own path, so it works without JavaScript. */
  action: string;
  problem?: PasswordProblem;
  /** 200 for the first ask; the caller picks the status of an answer to a post (401 wrong, 429 throttled). */
  status?: number;
}

// Neutral: no hint whether the password was close, nor anything about the code or its owner.
const PROBLEMS: Readonly<Record<PasswordProblem, string>> = {
  wrong: 'That password did not open this code. Please try again.',
  throttled: 'Too many attempts. Please wait a few minutes, then try again.',
};

/**
 * The page a scan of a password-protected code gets: one password field and a button, a plain POST
 * to the code's own path (no script: the CSP allows none). It says nothing about where the code leads.
 *
 * @example renderPasswordPage({ action: '/Ab3dE9x' }).html // '…<form method="post" action="/Ab3dE9x">…'
 */
export function renderPasswordPage(o: PasswordPageOptions): HtmlPage {
  const problem = o.problem ? PROBLEMS[o.problem] : null;
  const body = [
    '<h1>This code is password protected</h1>',
    '<p class="muted">Enter the password you were given to continue.</p>',
    problem ? `<p class="error" id="password-error" role="alert">${escapeHtml(problem)}</p>` : '',
    `<form method="post" action="${escapeHtml(o.action)}">`,
    '<div class="field">',
    `<label for="password">Password</label>`,
    `<input type="password" id="password" name="${PASSWORD_FIELD}" required autocomplete="current-password"${problem ? ' aria-invalid="true" aria-describedby="password-error"' : ''}>`,
    '</div>',
    '<button class="button" type="submit">Continue</button>',
    '</form>',
  ];
  return htmlPage({ status: o.status ?? 200, title: 'Password required', body, postsForm: true });
}
