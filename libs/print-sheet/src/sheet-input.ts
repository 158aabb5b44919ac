import { Declaration, fault, type Fault, Field } from '@qr/api-contract';
import { isPlainObject } from '@qr/domain';
import { presetById } from './sheet-presets';

/*
 * The body of the dashboard's print sheet (POST /app/api/print-sheets), declared once: the layout
 * (a preset, or a custom grid in millimetres, the label and crop marks) and which codes go on it.
 * Whether the grid's cells hold a scannable code is sheet-layout.ts's rule, after the shapes.
 */

export const LABEL_KINDS = ['name', 'client_ref', 'short_link', 'none'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The most codes one sheet takes (about 48 pages of the smallest labels). */
export const MAX_SHEET_CODES = 1000;

/** Millimetres each margin and gutter take when the request leaves them out. */
export const MARGIN_DEFAULTS = { top: 10, right: 10, bottom: 10, left: 10 } as const;
export const GUTTER_DEFAULTS = { x: 5, y: 5 } as const;
const MAX_LENGTH_MM = 100;

const customGrid = (owner: Record<string, unknown>) => owner.preset === undefined || owner.preset === 'custom';

/** A rule of the custom grid's fields, which a preset makes moot. */
function GridField(check: (value: unknown) => Fault[], schema: Record<string, unknown>): PropertyDecorator {
  return Field((value, owner) => (customGrid(owner) ? check(value) : []), schema, { seesAbsence: true });
}

function wholeCount(key: string) {
  return (value: unknown): Fault[] =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 20 ? [] : [fault('invalid', `${key} must be a whole number from 1 to 20`)];
}

/** Lengths in millimetres by side; a side left out takes its default (a value that is not an object is read as none given). */
function lengthsFaults(defaults: Readonly<Record<string, number>>) {
  return (value: unknown): Fault[] => {
    const given = isPlainObject(value) ? value : {};
    return Object.keys(defaults).flatMap((side) => {
      const v = given[side] ?? defaults[side];
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_LENGTH_MM
        ? []
        : [fault('invalid', `must be a length in millimetres from 0 to ${MAX_LENGTH_MM}`, [side])];
    });
  };
}

const lengthsSchema = (sides: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(sides.map((side) => [side, { type: 'number', minimum: 0, maximum: MAX_LENGTH_MM }])),
});

@Declaration({ dashboard: true })
export class SheetLayoutInput {
  @Field(
    (label) =>
      label === null || (LABEL_KINDS as readonly unknown[]).includes(label) ? [] : [fault('invalid', `label must be one of ${LABEL_KINDS.join(', ')}`)],
    {
      enum: [...LABEL_KINDS],
      default: 'name',
    },
  )
  label?: LabelKind | null;

  @Field((marks) => (marks === null || typeof marks === 'boolean' ? [] : [fault('invalid_type', 'crop_marks must be true or false')]), {
    type: 'boolean',
    default: false,
  })
  crop_marks?: boolean | null;

  @Field((preset) => (preset === 'custom' || (typeof preset === 'string' && presetById(preset)) ? [] : [fault('invalid', 'no such preset')]), {
    type: 'string',
  })
  preset?: string;

  @GridField((size) => (size === 'A4' || size === 'Letter' ? [] : [fault('invalid', 'page_size must be A4 or Letter')]), { enum: ['A4', 'Letter'] })
  page_size?: 'A4' | 'Letter';

  @GridField(wholeCount('columns'), { type: 'integer', minimum: 1, maximum: 20 })
  columns?: number;

  @GridField(wholeCount('rows'), { type: 'integer', minimum: 1, maximum: 20 })
  rows?: number;

  @GridField(lengthsFaults(MARGIN_DEFAULTS), lengthsSchema(Object.keys(MARGIN_DEFAULTS)))
  margin_mm?: Record<string, number>;

  @GridField(lengthsFaults(GUTTER_DEFAULTS), lengthsSchema(Object.keys(GUTTER_DEFAULTS)))
  gutter_mm?: Record<string, number>;
}

const NEITHER_OR_BOTH = 'give either code_ids (a selection) or folder_id (a folder)';

/** Which codes go on a sheet: `code_ids` (a selection) or `folder_id` (a whole folder), exactly one. */
@Declaration({ dashboard: true })
export class SheetSelectionInput {
  @Field(
    (ids, owner) => {
      if ((ids === undefined) === (owner.folder_id === undefined)) return [fault('required', NEITHER_OR_BOTH)];
      if (ids === undefined) return [];
      if (!Array.isArray(ids) || ids.length === 0) return [fault('invalid', 'code_ids must be a non-empty array of code ids')];
      if (ids.length > MAX_SHEET_CODES) return [fault('too_many_items', `a sheet takes at most ${MAX_SHEET_CODES} codes`)];
      return ids.flatMap((id, i) => (typeof id === 'string' && /^qr_[0-9A-Za-z]{8,60}$/.test(id) ? [] : [fault('invalid', 'not a code id', [i])]));
    },
    { type: 'array', minItems: 1, maxItems: MAX_SHEET_CODES, items: { type: 'string' } },
    { seesAbsence: true },
  )
  code_ids?: string[];

  @Field(
    (folderId, owner) => {
      // Both given, or neither: code_ids carries the one error.
      if (folderId === undefined || owner.code_ids !== undefined) return [];
      return typeof folderId === 'string' && folderId !== '' && folderId.length <= 64 ? [] : [fault('invalid', 'folder_id must be a folder id')];
    },
    { type: 'string' },
    { seesAbsence: true },
  )
  folder_id?: string;
}
