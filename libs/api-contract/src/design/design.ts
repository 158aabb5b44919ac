import { Type } from 'class-transformer';
import {
  EYE_SHAPES,
  FRAME_POSITIONS,
  GRADIENT_TYPES,
  MAX_FRAME_TEXT,
  MAX_LOGO_SIZE,
  MAX_MARGIN,
  MIN_LOGO_SIZE,
  MIN_MARGIN,
  MODULE_SHAPES,
  normalizeHexColor,
} from '@qr/qr-design';
import { Declaration, type FieldCheck, type JsonSchema } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Field, ref } from '../engine/fields';
import { instanceFaults } from '../engine/validate';

/*
 * A code's design as it is stored and answered: every field present (a request's partial design is
 * merged onto the defaults or the stored design first, see apply-design.ts). Each field judges an
 * absent value itself, because a merge that leaves one out (a new gradient without `end`) is a request's fault.
 */

const COLOR_SCHEMA = { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: '`#rrggbb` or `#rgb`; answers are `#rrggbb`, lower case' };
const nullable = (schema: JsonSchema) => ({ anyOf: [schema, { type: 'null' }] });

const colorFaults = (value: unknown): Fault[] =>
  normalizeHexColor(value) === null ? [fault('invalid_color', 'a colour is #rrggbb (or #rgb), without transparency')] : [];

/** A design field every design has: the rule sees an absent value too. */
function DesignField(check: FieldCheck, schema: JsonSchema): PropertyDecorator {
  return Field(check, schema, { required: true, seesAbsence: true });
}

function Color(rule: { nullable?: boolean } = {}, doc: JsonSchema = {}): PropertyDecorator {
  const check: FieldCheck = (value) => (value === null && rule.nullable ? [] : colorFaults(value));
  return DesignField(check, rule.nullable ? { ...nullable(COLOR_SCHEMA), ...doc } : COLOR_SCHEMA);
}

function Shape(values: readonly string[]): PropertyDecorator {
  return DesignField((value) => (values.includes(value as string) ? [] : [fault('invalid', `must be one of ${values.join(', ')}`)]), { enum: [...values] });
}

function WholeNumber(min: number, max: number, detail: string, doc: JsonSchema): PropertyDecorator {
  const check: FieldCheck = (value) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? [] : [fault('out_of_range', detail)]);
  return DesignField(check, { type: 'integer', minimum: min, maximum: max, ...doc });
}

/** A part of the design: an object, or null where null clears it (`absentIsNull`: designs stored before the part existed). */
function Part(
  declaration: () => new () => object,
  rule: { nullable: boolean; nullDetail?: string; absentIsNull?: boolean },
  doc: JsonSchema = {},
): PropertyDecorator {
  const check: FieldCheck = (value) => {
    if (value === null || (value === undefined && rule.absentIsNull)) {
      return rule.nullable ? [] : [fault('invalid_type', rule.nullDetail ?? 'Must be a JSON object or null.')];
    }
    return value instanceof declaration() ? instanceFaults(value) : [fault('invalid_type', 'Must be a JSON object or null.')];
  };
  const field = DesignField(check, { ...(rule.nullable ? nullable(ref(declaration)) : ref(declaration)), ...doc });
  const typed = Type(declaration);
  return (prototype, key) => {
    typed(prototype, key);
    field(prototype, key);
  };
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The frame text as drawn: NFC, runs of white space as one space, trimmed. */
export function frameTextOf(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

function frameTextFaults(value: unknown): Fault[] {
  const text = typeof value === 'string' ? frameTextOf(value) : '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof value !== 'string' || text === '' || /[\u0000-\u001f\u007f]/.test(value))
    return [fault('invalid', 'the frame text is 1 to 30 characters of text')];
  if ([...graphemes.segment(text)].length > MAX_FRAME_TEXT) return [fault('too_long', `the frame text is at most ${MAX_FRAME_TEXT} characters`)];
  return [];
}

function logoSizeFaults(value: unknown): Fault[] {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_LOGO_SIZE) {
    return [fault('out_of_range', `the logo's size is a fraction of the code's side from ${MIN_LOGO_SIZE} to ${MAX_LOGO_SIZE}`)];
  }
  if (value <= MAX_LOGO_SIZE) return [];
  const detail = `a logo covering ${Math.round(value * 100)}% of the code's side hides too much of it to scan; at most ${MAX_LOGO_SIZE * 100}%`;
  return [fault('logo_too_large', detail)];
}

@Declaration({ answer: true })
export class DesignGradient {
  @Shape(GRADIENT_TYPES)
  type!: string;

  @Color()
  start!: string;

  @Color()
  end!: string;

  @WholeNumber(0, 359, 'rotation is an integer from 0 to 359 (degrees clockwise from left to right)', {
    description: 'Linear: degrees clockwise, 0 = left to right',
  })
  rotation!: number;
}

@Declaration({ answer: true })
export class DesignEyes {
  @Shape(EYE_SHAPES)
  outer!: string;

  @Shape(EYE_SHAPES)
  inner!: string;

  @Color({ nullable: true }, { description: 'null: the modules’ colour or gradient' })
  color!: string | null;
}

@Declaration({ answer: true, description: 'A band with a call to action above or below the code' })
export class DesignFrame {
  @Shape(FRAME_POSITIONS)
  position!: string;

  @DesignField(frameTextFaults, {
    type: 'string',
    minLength: 1,
    maxLength: MAX_FRAME_TEXT * 4,
    description: `1–${MAX_FRAME_TEXT} characters, e.g. "Scan me"`,
  })
  text!: string;

  @Color()
  color!: string;

  @Color()
  text_color!: string;
}

@Declaration({ answer: true })
export class DesignLogo {
  @DesignField(
    (value) =>
      typeof value === 'string' && /^logo_[0-9A-Za-z]{24}$/.test(value) ? [] : [fault('invalid', 'the id of a logo of this workspace (POST /logos)')],
    { type: 'string', pattern: '^logo_[0-9A-Za-z]{24}$', description: 'A logo of the workspace (`POST /logos`)' },
  )
  id!: string;

  @DesignField(logoSizeFaults, {
    type: 'number',
    minimum: MIN_LOGO_SIZE,
    maximum: MAX_LOGO_SIZE,
    description: 'The logo’s box as a fraction of the symbol’s side; default 0.2',
  })
  size!: number;

  @DesignField((value) => (typeof value === 'boolean' ? [] : [fault('invalid_type', 'true or false')]), {
    type: 'boolean',
    description: 'A padded patch of background behind the logo, the modules under it left out; default true',
  })
  background!: boolean;
}

@Declaration({ answer: true, description: 'How the code looks. Every code has one; the default is black square modules on white.' })
export class Design {
  @Color()
  foreground!: string;

  @Color()
  background!: string;

  @Part(() => DesignGradient, { nullable: true })
  gradient!: DesignGradient | null;

  @Shape(MODULE_SHAPES)
  modules!: string;

  @Part(() => DesignEyes, { nullable: false, nullDetail: 'eyes cannot be null; give the shapes to change' })
  eyes!: DesignEyes;

  @WholeNumber(MIN_MARGIN, MAX_MARGIN, `margin (the quiet zone) is an integer from ${MIN_MARGIN} to ${MAX_MARGIN} modules`, {
    description: 'Quiet zone in modules',
  })
  margin!: number;

  @Part(() => DesignFrame, { nullable: true })
  frame!: DesignFrame | null;

  @Part(() => DesignLogo, { nullable: true, absentIsNull: true }, { description: 'With a logo the code is encoded at error correction H' })
  logo!: DesignLogo | null;
}
