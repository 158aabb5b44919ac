import { ApiError, fieldError } from '@qr/domain';

/** The code that holds a short code on a domain (live or deleted: a deleted code's path is never reused). */
export interface ShortCodeHolder {
  id: string;
  workspace_id: string;
  deleted: boolean;
}

/** The namespace a short code is unique in: the code's custom domain, or '' for the default host. */
export function domainKeyOf(code: { custom_domain_id: string | null }): string {
  return code.custom_domain_id ?? '';
}

/**
 * 409 `short_code_taken`, one error per item at `<pointer>/short_code`, naming the code that holds
 * the path when it is of the asking workspace. A code of another workspace (only possible on the
 * default host: a custom domain belongs to one workspace) is not named, nor said to exist anywhere
 * but "on this domain": its id, name and workspace stay unseen.
 */
export function shortCodeTaken(workspaceId: string, taken: ReadonlyArray<{ pointer: string; shortCode: string; holder: ShortCodeHolder }>): ApiError {
  const errors = taken.map(({ pointer, shortCode, holder }) =>
    fieldError(
      `${pointer}/short_code`,
      'taken',
      holder.workspace_id === workspaceId
        ? `"${shortCode}" is the short code of ${holder.id}${holder.deleted ? ' (deleted; its path is never reused)' : ''} on this domain`
        : `"${shortCode}" is taken on this domain`,
    ),
  );
  const detail = taken.length === 1 ? errors[0].detail : `${taken.length} short codes are taken on their domains`;
  return new ApiError(409, 'short_code_taken', 'Short code taken', `${detail}; choose another.`, errors);
}
