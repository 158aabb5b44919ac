import { MetadataStorage, registerDecorator, ValidationTypes } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { type Fault } from './fault';

export type JsonSchema = Record<string, unknown>;
type ValidationMetadata = Parameters<MetadataStorage['addValidationMetadata']>[0];

/** A field's rule: every fault of `value`, given the object it sits in (for rules that read a sibling). */
export type FieldCheck = (value: unknown, owner: Record<string, unknown>) => readonly Fault[];

export interface FieldDeclaration {
  check: FieldCheck;
  /** The field's OpenAPI schema; the declaration's other fields do not change it. */
  schema: JsonSchema;
  required?: boolean;
  /** The rule judges an absent value (a required field, or one whose presence a sibling decides). */
  judgesAbsence?: boolean;
  /** An answer's field (the server writes it): documented, never validated. */
  answer?: boolean;
}

type Declared = abstract new (...args: never[]) => object;

const FIELDS = new WeakMap<object, Map<string, FieldDeclaration>>();
/**
 * Declarations that are no schema of the public document's components: queries (their fields become
 * parameters) and the dashboard's own bodies (sign-in, team), which the public API does not serve.
 */
export const UNLISTED_DECLARATIONS = new Set<string>();
/** The dashboard's own bodies and answers: the dashboard's document (not the public one) lists them. */
export const DASHBOARD_DECLARATIONS = new Set<string>();
/**
 * Every declared field, requests' and answers' alike, for the OpenAPI document (class-validator-jsonschema
 * reads it). class-validator's own storage holds only the fields it validates: it scans every class
 * there for each object it validates, and most declared classes are answers.
 */
export const DOCUMENTED_FIELDS = new MetadataStorage();
/** Faults found by `validate`, kept for `defaultMessage` so a failing rule runs once, not twice. */
const FOUND = new WeakMap<object, Map<string, readonly Fault[]>>();

/** The declared fields of a class, in declaration order (its own and its parents'). */
export function declaredFields(declaration: Declared): Map<string, FieldDeclaration> {
  const own = FIELDS.get(declaration) ?? new Map<string, FieldDeclaration>();
  const parent = Object.getPrototypeOf(declaration) as Declared | null;
  return parent && FIELDS.has(parent) ? new Map([...declaredFields(parent), ...own]) : own;
}

/** The faults the last validation found in `owner[key]`; read once by the engine. */
export function takeFaults(owner: object, key: string): readonly Fault[] {
  const found = FOUND.get(owner)?.get(key) ?? [];
  FOUND.get(owner)?.delete(key);
  return found;
}

/**
 * Declares one field: a class-validator constraint that runs `check` (none for an answer's field), and
 * the field's JSON schema for the OpenAPI document (class-validator-jsonschema). Every typed field
 * decorator is made with this.
 */
export function declareField(field: FieldDeclaration): PropertyDecorator {
  return (prototype, propertyName) => {
    const key = String(propertyName);
    const declaration = prototype.constructor;
    const fields = FIELDS.get(declaration) ?? FIELDS.set(declaration, new Map()).get(declaration)!;
    fields.set(key, field);
    JSONSchema(() => field.schema)(prototype, key);
    // Absent fields are skipped (skipUndefinedProperties), except those whose constraint class-validator
    // knows as `isDefined`: the rules that judge absence are registered so.
    const name = field.judgesAbsence ? ValidationTypes.IS_DEFINED : 'declaredField';
    // No constraint: the schema generator reads the field, its rule's type, groups and `each` only.
    const documented: Partial<ValidationMetadata> = { type: name, name, target: declaration, propertyName: key, groups: [], each: false };
    DOCUMENTED_FIELDS.addValidationMetadata(documented as ValidationMetadata);
    if (field.answer) return;
    registerDecorator({
      name,
      target: declaration,
      propertyName: key,
      validator: {
        validate(value: unknown, args): boolean {
          const owner = args?.object as Record<string, unknown>;
          const faults = field.check(value, owner);
          if (!faults.length) return true;
          const found = FOUND.get(owner) ?? FOUND.set(owner, new Map()).get(owner)!;
          found.set(key, faults);
          return false;
        },
        defaultMessage: () => 'see the field faults',
      },
    });
  };
}

/**
 * Marks a class as a declaration of a body, a query or a part of one: its schema lists the required
 * fields and is closed (an unknown field is refused, so the document says so), unless the class is also
 * an answer (`answer`: the stored design), which may gain fields; its request variants are closed.
 */
export function Declaration(doc: { description?: string; answer?: boolean; query?: boolean; dashboard?: boolean; base?: boolean } = {}): ClassDecorator {
  return (declaration) => {
    // `base`: fields several declarations share by extending it (a list page's), no schema of its own.
    if (doc.query || doc.dashboard || doc.base) UNLISTED_DECLARATIONS.add(declaration.name);
    if (doc.dashboard) DASHBOARD_DECLARATIONS.add(declaration.name);
    JSONSchema((schema) => {
      const fields = declaredFields(declaration as unknown as Declared);
      const required = [...fields].filter(([, f]) => f.required).map(([key]) => key);
      return {
        type: 'object',
        ...(doc.answer ? {} : { additionalProperties: false }),
        ...(doc.description ? { description: doc.description } : {}),
        ...(required.length ? { required } : {}),
        // A declaration that extends another (an answer with its secret) lists the inherited fields too.
        properties: Object.fromEntries([...fields].map(([key, field]) => [key, schema.properties?.[key] ?? field.schema])) as typeof schema.properties,
      };
    })(declaration);
  };
}

/** Each declared field's name and JSON schema, in declaration order: for readers of other formats (CSV columns). */
export function fieldSchemas(declaration: Declared): Array<[string, JsonSchema]> {
  return [...declaredFields(declaration)].map(([key, field]) => [key, field.schema]);
}
