import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ROLES, type Role } from '@qr/domain';
import { IsRfc3339WithOffset } from './rfc3339.validator';

export class CreateApiKeyBody {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @IsOptional()
  @IsRfc3339WithOffset()
  expires_at?: string;
}
