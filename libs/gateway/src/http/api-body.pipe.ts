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
    // class-transformer skips these keys, so the whitelist would never see them: refuse them here.
    const special = findSpecialKeys(value);
    if (special.length) throw Errors.validationFailed(special.map((pointer) => ({ pointer, code: 'unknown_field', detail: 'this property is not allowed' })));
    const instance = plainToInstance(type, value) as object;
    const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
    if (errors.length) throw Errors.validationFailed(toFieldErrors(errors));
    return instance;
  }
}

const SPECIAL_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function findSpecialKeys(value: unknown, base = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.keys(value).flatMap((key) => {
    const pointer = `${base}/${escapePointer(key)}`;
    return SPECIAL_KEYS.has(key) ? [pointer] : findSpecialKeys((value as Record<string, unknown>)[key], pointer);
  });
}

export function toFieldErrors(errors: readonly ValidationError[], base = ''): FieldError[] {
  return errors.flatMap((e) => {
    const pointer = `${base}/${escapePointer(e.property)}`;
    const missing = e.value === undefined && e.constraints && !e.constraints.whitelistValidation;
    const own = missing
      ? [{ pointer, code: 'required', detail: `${e.property} is required` }]
      : Object.entries(e.constraints ?? {}).map(([constraint, detail]) => ({ pointer, code: codeOf(constraint), detail }));
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
