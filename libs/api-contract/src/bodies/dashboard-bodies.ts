import { Declaration } from '../engine/declare';
import { Opaque } from '../engine/fields';

/*
 * The dashboard's sign-in and team bodies (served under /app/api, not part of the public document).
 * Types and sizes only: what makes a password acceptable or an email known is the use cases' to say.
 */

@Declaration({ dashboard: true })
export class SignInInput {
  @Opaque(320)
  email!: string;

  @Opaque(1024)
  password!: string;
}

@Declaration({ dashboard: true })
export class TokenInput {
  @Opaque(100)
  token!: string;
}

@Declaration({ dashboard: true })
export class RedeemLinkInput {
  @Opaque(100)
  token!: string;

  @Opaque(1024)
  password!: string;
}

@Declaration({ dashboard: true })
export class SwitchWorkspaceInput {
  @Opaque(64)
  workspace_id!: string;
}

@Declaration({ dashboard: true })
export class ChangePasswordInput {
  @Opaque(1024)
  current_password!: string;

  @Opaque(1024)
  new_password!: string;
}

@Declaration({ dashboard: true })
export class InviteInput {
  @Opaque(320)
  email!: string;

  @Opaque(20)
  role!: string;
}

@Declaration({ dashboard: true })
export class RoleInput {
  @Opaque(20)
  role!: string;
}

@Declaration({ dashboard: true })
export class ForgotPasswordInput {
  @Opaque(320)
  email!: string;
}
