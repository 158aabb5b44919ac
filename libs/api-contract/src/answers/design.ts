import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, constant, dateTime, deletedAnswer, int, ref, str } from './answer-types';

/* Logos and brand presets; the design itself is declared in ../design/design.ts. */

@Declaration({ answer: true })
export class Logo {
  @Out({ type: 'string', example: 'logo_00VbbQ5mGtVbp9YcAbCdEfGhI' }) id!: string;
  @Out(constant('logo')) object!: 'logo';
  @Out(str) name!: string;
  @Out({ const: 'image/png', description: 'Logos are stored as PNGs we encoded, at most 512 pixels a side' }) content_type!: 'image/png';
  @Out(int) width!: number;
  @Out(int) height!: number;
  @Out({ enum: ['image/png', 'image/jpeg', 'image/svg+xml'], description: 'What was uploaded' }) source_type!: string;
  @Out(int) source_bytes!: number;
  @Out(dateTime) created_at!: string;
}

@Declaration({ answer: true })
export class LogoList {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('Logo'))) data!: Logo[];
}

export const DeletedLogo = deletedAnswer('DeletedLogo', 'logo');

@Declaration({ answer: true })
export class DesignPreset {
  @Out({ type: 'string', example: 'dsp_00VbbQ5mGtVbp9YcAbCdEfGhI' }) id!: string;
  @Out(constant('design_preset')) object!: 'design_preset';
  @Out(str) name!: string;
  @Out(ref('Design')) design!: object;
  @Out(dateTime) created_at!: string;
  @Out(dateTime) updated_at!: string;
}

@Declaration({ answer: true })
export class DesignPresetList {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('DesignPreset'))) data!: DesignPreset[];
}

export const DeletedDesignPreset = deletedAnswer('DeletedDesignPreset', 'design_preset');
