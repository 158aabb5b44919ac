import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { str } from './answer-types';

/** Every `code` an error answer can carry, with its status and what it means (the docs page's table). */
export const ERROR_CODES: ReadonlyArray<{ code: string; status: number; meaning: string }> = [
  { code: 'invalid_json', status: 400, meaning: 'The body is not valid JSON.' },
  {
    code: 'bad_request',
    status: 400,
    meaning: 'The request could not be understood: not valid HTTP (the connection is then closed), or e.g. an unsupported content type.',
  },
  { code: 'unauthorized', status: 401, meaning: 'Missing, unknown, revoked or expired API key (one answer for all).' },
  { code: 'plan_has_no_api_access', status: 403, meaning: 'The workspace plan (free, starter) does not include the API.' },
  { code: 'forbidden', status: 403, meaning: 'The key’s role or the plan does not allow this action.' },
  { code: 'csrf_failed', status: 403, meaning: 'A dashboard session’s change without its X-CSRF-Token (never for API keys).' },
  { code: 'plan_has_no_webhooks', status: 403, meaning: 'The workspace plan (free, starter) has no webhooks; `errors` points at /events.' },
  { code: 'event_not_in_plan', status: 403, meaning: 'An event type the plan does not include (milestones need agency); `errors` points at the item.' },
  { code: 'not_found', status: 404, meaning: 'No such object in this workspace (another workspace’s objects are not found either).' },
  { code: 'method_not_allowed', status: 405, meaning: 'The method is not allowed on this resource.' },
  {
    code: 'workspace_changed',
    status: 409,
    meaning: 'A dashboard page sent X-Workspace-Id of a workspace its session no longer shows (switched in another tab); nothing was changed.',
  },
  { code: 'conflict', status: 409, meaning: 'The code was changed concurrently several times while this PATCH ran; send it again.' },
  { code: 'logo_in_use', status: 409, meaning: 'A live code or a brand preset shows the logo; the detail names them. Change their design first.' },
  { code: 'preset_in_use', status: 409, meaning: 'Live codes follow the brand preset; give them another look first.' },
  { code: 'too_many_logos', status: 409, meaning: 'The workspace has 100 logos, the most it keeps; delete one first.' },
  {
    code: 'short_code_taken',
    status: 409,
    meaning: 'A chosen short_code is held by another code on that domain; `errors` points at each, naming the holder when it is of this workspace.',
  },
  { code: 'short_code_scanned', status: 409, meaning: 'A PATCH of short_code on a code that has been scanned: its path is printed somewhere.' },
  { code: 'request_timeout', status: 408, meaning: 'The request was not received in full in time; the connection is closed.' },
  { code: 'payload_too_large', status: 413, meaning: 'The body is larger than the limit (1 MiB by default).' },
  { code: 'unsupported_media_type', status: 415, meaning: 'A logo upload that is neither multipart/form-data nor JSON.' },
  { code: 'validation_failed', status: 422, meaning: 'The request is well-formed JSON but not valid; `errors` lists each problem with a JSON pointer.' },
  { code: 'quota_exceeded', status: 429, meaning: 'The monthly call quota is used up; Retry-After gives the seconds until the 1st, 00:00 UTC.' },
  { code: 'dynamic_allowance_exceeded', status: 429, meaning: 'The plan’s number of dynamic codes is reached.' },
  { code: 'rate_limited', status: 429, meaning: 'Too many requests per second for this key; retry after Retry-After seconds.' },
  { code: 'headers_too_large', status: 431, meaning: 'The request line and headers are larger than 16 KiB; the connection is closed.' },
  { code: 'internal_error', status: 500, meaning: 'Our fault. The request_id finds it in our logs.' },
  { code: 'service_unavailable', status: 503, meaning: 'A service this request needs is down; retry shortly.' },
];

/** The codes only the dashboard's own API answers (signing in): its document adds them to Problem's. */
export const DASHBOARD_ERROR_CODES: ReadonlyArray<{ code: string; status: number; meaning: string }> = [
  { code: 'invalid_credentials', status: 401, meaning: 'The email or password is not right (one answer for both).' },
  { code: 'link_not_usable', status: 410, meaning: 'The sign-in link expired, was used, or was replaced by a newer one.' },
];

/** One problem of a request, where it is (the JSON pointer) and what it is. */
@Declaration({ answer: true })
export class FieldError {
  @Out({
    type: 'string',
    description: 'JSON pointer (RFC 6901) into the request body, or to the query parameter (`/limit`); bulk: `/items/3/content/url`',
  })
  pointer!: string;
  @Out({ type: 'string', description: 'required, invalid_type, unknown_field, too_long, invalid_url, … (see docs/api.md)' }) code!: string;
  @Out(str) detail!: string;
}

/** Every error answer: RFC 9457 problem details, as application/problem+json. */
@Declaration({ answer: true, description: 'RFC 9457 problem details.' })
export class Problem {
  @Out({ type: 'string', format: 'uri-reference' }) type!: string;
  @Out(str) title!: string;
  @Out({ type: 'integer' }) status!: number;
  @Out(str) detail!: string;
  @Out({ type: 'string', enum: ERROR_CODES.map((e) => e.code), description: 'Stable: branch on this, not on title or detail' }) code!: string;
  @Out({ type: 'string', description: 'Also the X-Request-Id header; quote it when asking for help' }) request_id!: string;
  @Out(
    { type: 'array', items: { $ref: '#/components/schemas/FieldError' }, description: 'One entry per problem (validation, and the 403s about webhook events)' },
    { optional: true },
  )
  errors?: FieldError[];
}
