import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { Errors, type FieldError } from '@qr/domain';

/**
 * class-validator for request bodies, answering 422 `validation_failed` with one JSON pointer per
 * problem. Unknown fields are errors, never silently dropped.
 */
@Injectable()
export class ApiBodyPipe implements PipeTransform {
  async transform(value: unknown, meta: ArgumentMetadata): Promise<unknown> {
    const type = meta.type === 'body' ? meta.metatype : undefined;
    if (!type || type === Object) return value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw Errors.validationFailed([{ pointer: '', code: 'invalid_type', detail: 'the body must be a JSON object' }]);
    }
    const instance = plainToInstance(type, value) as object;
    const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
    if (errors.length) throw Errors.validationFailed(toFieldErrors(errors));
    return instance;
  }
}

export function toFieldErrors(errors: readonly ValidationError[], base = ''): FieldError[] {
  return errors.flatMap((e) => {
    const pointer = `${base}/${escapePointer(e.property)}`;
    const own = Object.entries(e.constraints ?? {}).map(([constraint, detail]) => ({ pointer, code: codeOf(constraint), detail }));
    return [...own, ...toFieldErrors(e.children ?? [], pointer)];
  });
}

function codeOf(constraint: string): string {
  if (constraint === 'whitelistValidation') return 'unknown_field';
  if (constraint === 'isDefined' || constraint === 'isNotEmpty') return 'required';
  if (/^is(String|Int|Number|Boolean|Array|Object)$/.test(constraint)) return 'invalid_type';
  return 'invalid';
}

/** RFC 6901: `~` and `/` inside a key are escaped. */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
