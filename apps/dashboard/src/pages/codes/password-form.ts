/**
 * A dynamic code's password in the form. The stored password is never shown or sent back (the API
 * answers only `password_protected`): the form knows whether the code is protected, takes a new
 * password, or removes the one there is.
 */
export interface PasswordForm {
  /** The code has a password now (edit page); false on the create page. */
  protected: boolean;
  /** A new password, or '' to keep what there is. */
  next: string;
  /** Take the password away (a protected code only). */
  remove: boolean;
}

export function passwordForm(isProtected = false): PasswordForm {
  return { protected: isProtected, next: '', remove: false };
}

/**
 * What the request says of the password: nothing to keep it (or none on a create), the new one to set
 * or change it, null to remove it. Removing wins over a typed password: the two are not offered together.
 *
 * @example passwordBody({ protected: true, next: '', remove: true }) // { password: null }
 */
export function passwordBody(p: PasswordForm): { password?: string | null } {
  if (p.protected && p.remove) return { password: null };
  return p.next ? { password: p.next } : {};
}
