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
} from '@qr/qr-design';

/* A code's design: the answer (every field, defaults filled in) and the input (any subset, merged). */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const color = { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: '`#rrggbb` or `#rgb`; answers are `#rrggbb`, lower case' };
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const answer = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});
const input = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  additionalProperties: false,
  ...(description ? { description } : {}),
  properties,
});

const gradient = {
  type: { enum: [...GRADIENT_TYPES] },
  start: color,
  end: color,
  rotation: { type: 'integer', minimum: 0, maximum: 359, description: 'Linear: degrees clockwise, 0 = left to right' },
};
const eyes = {
  outer: { enum: [...EYE_SHAPES] },
  inner: { enum: [...EYE_SHAPES] },
  color: { ...nullable(color), description: 'null: the modules’ colour or gradient' },
};
const frame = {
  position: { enum: [...FRAME_POSITIONS] },
  text: { type: 'string', minLength: 1, maxLength: MAX_FRAME_TEXT * 4, description: `1–${MAX_FRAME_TEXT} characters, e.g. "Scan me"` },
  color: color,
  text_color: color,
};
const logo = {
  id: { type: 'string', pattern: '^logo_[0-9A-Za-z]{24}$', description: 'A logo of the workspace (`POST /logos`)' },
  size: { type: 'number', minimum: MIN_LOGO_SIZE, maximum: MAX_LOGO_SIZE, description: 'The logo’s box as a fraction of the symbol’s side; default 0.2' },
  background: { type: 'boolean', description: 'A padded patch of background behind the logo, the modules under it left out; default true' },
};

/** The design's fields; `Input` names the nested input schemas. */
const design = (suffix: '' | 'Input') => ({
  foreground: color,
  background: color,
  gradient: nullable(ref(`DesignGradient${suffix}`)),
  modules: { enum: [...MODULE_SHAPES] },
  eyes: ref(`DesignEyes${suffix}`),
  margin: { type: 'integer', minimum: MIN_MARGIN, maximum: MAX_MARGIN, description: 'Quiet zone in modules' },
  frame: nullable(ref(`DesignFrame${suffix}`)),
  logo: { ...nullable(ref(`DesignLogo${suffix}`)), description: 'With a logo the code is encoded at error correction H' },
});

export const DESIGN_SCHEMAS = {
  Design: answer(design(''), 'How the code looks. Every code has one; the default is black square modules on white.'),
  DesignInput: input(
    design('Input'),
    'Any of the fields, merged onto the defaults (create) or onto the code’s design (PATCH, as a JSON merge patch: `null` clears gradient, frame or eye colour). Checked for scannability before it is saved: 422 `low_contrast`, `inverted_colors` or `unreadable` at the field to change.',
  ),
  DesignGradient: answer(gradient),
  DesignGradientInput: input(gradient),
  DesignEyes: answer(eyes),
  DesignEyesInput: input(eyes),
  DesignFrame: answer(frame, 'A band with a call to action above or below the code'),
  DesignFrameInput: input(frame),
  DesignLogo: answer(logo),
  DesignLogoInput: { ...input(logo), required: ['id'] },
  Logo: answer({
    id: { type: 'string', example: 'logo_00VbbQ5mGtVbp9YcAbCdEfGhI' },
    object: { const: 'logo' },
    name: { type: 'string' },
    content_type: { const: 'image/png', description: 'Logos are stored as PNGs we encoded, at most 512 pixels a side' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    source_type: { enum: ['image/png', 'image/jpeg', 'image/svg+xml'], description: 'What was uploaded' },
    source_bytes: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
  }),
  LogoList: answer({ object: { const: 'list' }, data: { type: 'array', items: ref('Logo') } }),
  LogoUpload: {
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200 },
      data: { type: 'string', contentEncoding: 'base64', description: 'The file (PNG, JPEG or SVG), in base64' },
    },
  },
  LogoUploadForm: {
    type: 'object',
    required: ['file'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200 },
      file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'PNG, JPEG or SVG, at most 1 MB' },
    },
  },
  DeletedLogo: answer({ id: { type: 'string' }, object: { const: 'logo' }, deleted: { const: true } }),
  DesignPreset: answer({
    id: { type: 'string', example: 'dsp_00VbbQ5mGtVbp9YcAbCdEfGhI' },
    object: { const: 'design_preset' },
    name: { type: 'string' },
    design: ref('Design'),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  }),
  DesignPresetInput: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'Unique in the workspace; required on create' },
      design: { ...ref('DesignInput'), description: 'Merged onto the defaults (create) or onto the preset (PATCH, a JSON merge patch)' },
    },
  },
  DesignPresetList: answer({ object: { const: 'list' }, data: { type: 'array', items: ref('DesignPreset') } }),
  DeletedDesignPreset: answer({ id: { type: 'string' }, object: { const: 'design_preset' }, deleted: { const: true } }),
};
