import { IsString, MaxLength } from 'class-validator';

// Types and sizes only: what makes a password acceptable or an email known is the use cases' to say.
export class SignInBody {
  @IsString()
  @MaxLength(320)
  email!: string;

  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class TokenBody {
  @IsString()
  @MaxLength(100)
  token!: string;
}

export class RedeemLinkBody extends TokenBody {
  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class SwitchWorkspaceBody {
  @IsString()
  @MaxLength(64)
  workspace_id!: string;
}

export class ChangePasswordBody {
  @IsString()
  @MaxLength(1024)
  current_password!: string;

  @IsString()
  @MaxLength(1024)
  new_password!: string;
}
