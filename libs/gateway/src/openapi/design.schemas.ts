/* Logos and brand presets; the design itself is declared in @qr/api-contract. */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});
export const DESIGN_SCHEMAS = {
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
  DesignPresetList: answer({ object: { const: 'list' }, data: { type: 'array', items: ref('DesignPreset') } }),
  DeletedDesignPreset: answer({ id: { type: 'string' }, object: { const: 'design_preset' }, deleted: { const: true } }),
};
