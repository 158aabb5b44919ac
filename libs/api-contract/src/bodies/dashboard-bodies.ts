import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field, Opaque } from '../engine/fields';

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

/** The products whose exports a link import reads (`@qr/link-import` reads them; its SOURCE_FORMATS is this list). */
export const LINK_IMPORT_SOURCES = ['bitly', 'dub', 'shlink', 'kutt', 'yourls'] as const;

// A hostname as DNS spells it: what a domain picked from the workspace's list can be.
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * `?format&domain` of a dashboard link import (preview or confirm). The export file itself is the
 * request body, sent as its bytes (`application/octet-stream`): it may be 16 MiB and need not be
 * UTF-8, which the parser judges and reports itself.
 */
@Declaration({ query: true, dashboard: true })
export class LinkImportOptions {
  @Field(
    (value) =>
      typeof value === 'string' && (LINK_IMPORT_SOURCES as readonly string[]).includes(value)
        ? []
        : [fault('invalid', `format must be one of ${LINK_IMPORT_SOURCES.join(', ')}.`)],
    { enum: [...LINK_IMPORT_SOURCES], description: 'the product the file was exported from' },
    { required: true },
  )
  format!: (typeof LINK_IMPORT_SOURCES)[number];

  @Field((value) => (typeof value === 'string' && HOSTNAME.test(value) ? [] : [fault('invalid', 'domain must be a hostname such as go.brand.example.')]), {
    type: 'string',
    maxLength: 253,
    description: 'the verified custom domain of links whose export names none (YOURLS; Shlink’s and Kutt’s default domain)',
  })
  domain?: string;
}
