import { ApiError, Errors, type FieldError, fieldError, isPlainObject, newId } from '@qr/domain';
import { applyDesign, check, designMergePatch, DesignPresetInput } from '@qr/api-contract';
import { DEFAULT_DESIGN, type Design } from '@qr/qr-design';
import { type QrCodesRepository } from '../codes/qr-codes.repository';
import { type ReferencesRepository } from '../codes/references.repository';
import { SHORT_CODE_LENGTH } from '../codes/short-code';
import { type DesignCheck } from '../rendering/design-check';
import { designUnder, type DesignPresetsRepository, type PresetRecord, presetView } from './design-presets.repository';

/**
 * Brand presets: named designs a workspace's codes follow. Every save is checked for scannability:
 * a new preset on a dynamic code's short link; a changed one on every kind of code that follows it
 * (one code for each combination of overrides and pattern size), so no change makes a printed code
 * unreadable.
 */
export class ChangePresets {
  constructor(
    private readonly presets: DesignPresetsRepository,
    private readonly codes: QrCodesRepository,
    private readonly references: ReferencesRepository,
    private readonly designs: DesignCheck,
  ) {}

  async create(workspaceId: string, body: unknown) {
    const { name, design } = this.parse(body, DEFAULT_DESIGN, true);
    await this.checkOnAShortLink(workspaceId, design);
    const now = Date.now();
    const preset: PresetRecord = { id: newId('dsp'), workspace_id: workspaceId, name: name!, design, created_at: now, updated_at: now };
    if (!(await this.presets.insert(preset))) throw Errors.validationFailed([fieldError('/name', 'duplicate', 'the workspace has a preset of that name')]);
    return presetView(preset);
  }

  async update(workspaceId: string, id: string, body: unknown) {
    const existing = await this.mustFind(workspaceId, id);
    const { name, design } = this.parse(body, existing.design, false);
    const changed: PresetRecord = { ...existing, name: name ?? existing.name, design, updated_at: Date.now() };
    if (JSON.stringify(design) !== JSON.stringify(existing.design)) {
      await this.checkOnAShortLink(workspaceId, design);
      await this.checkOnItsCodes(workspaceId, id, design);
    }
    if (!(await this.presets.update(changed))) throw Errors.validationFailed([fieldError('/name', 'duplicate', 'the workspace has a preset of that name')]);
    return presetView(changed);
  }

  async delete(workspaceId: string, id: string) {
    await this.mustFind(workspaceId, id);
    const users = await this.presets.usedBy(workspaceId, id);
    if (users > 0)
      throw new ApiError(409, 'preset_in_use', 'Preset in use', `${users} code${users === 1 ? '' : 's'} follow this preset; give them another look first.`);
    await this.presets.delete(workspaceId, id);
    return { id, object: 'design_preset', deleted: true };
  }

  async mustFind(workspaceId: string, id: string): Promise<PresetRecord> {
    const preset = typeof id === 'string' ? await this.presets.find(workspaceId, id) : null;
    if (!preset) throw Errors.notFound('design preset');
    return preset;
  }

  /** `{name, design}`: the design merged onto `base` (a JSON merge patch on PATCH), checked whole. */
  private parse(body: unknown, base: Design, creating: boolean): { name: string | null; design: Design } {
    if (!isPlainObject(body)) throw Errors.validationFailed([fieldError('', 'invalid_type', 'the body must be a JSON object')]);
    const checked = check(DesignPresetInput, body);
    let errors: FieldError[] = checked.ok ? [] : checked.errors;
    // A new preset needs a name; the declaration's rule allows it left out (a PATCH keeps the name).
    if (creating && (typeof body.name !== 'string' || !body.name.trim())) {
      errors = [...errors.filter((e) => e.pointer !== '/name'), fieldError('/name', 'required', 'a preset has a name')];
    }
    const patch = body.design ?? {};
    const parsed =
      !errors.some((e) => e.pointer === '/design') && isPlainObject(patch) ? applyDesign(DEFAULT_DESIGN, designMergePatch(base, patch), '/design') : null;
    if (parsed && !parsed.ok) errors.push(...parsed.errors);
    if (errors.length || !parsed?.ok) throw Errors.validationFailed(errors);
    return { name: typeof body.name === 'string' ? body.name.trim() : null, design: parsed.design };
  }

  /** The preset as a dynamic code's short link would show it. */
  private async checkOnAShortLink(workspaceId: string, design: Design): Promise<void> {
    const standIn = {
      workspace_id: workspaceId,
      category: 'dynamic' as const,
      type: 'website' as const,
      content: {},
      short_code: '0'.repeat(SHORT_CODE_LENGTH),
      design,
    };
    const problems = await this.designs.problems(standIn, null);
    if (problems.length) throw Errors.validationFailed(problems);
  }

  /** The preset under each kind of code that follows it: one code per combination of overrides, category and data length. */
  private async checkOnItsCodes(workspaceId: string, id: string, design: Design): Promise<void> {
    const codes = await this.codes.listByPreset(workspaceId, id);
    const kinds = new Map<string, (typeof codes)[number]>();
    for (const code of codes)
      kinds.set(`${JSON.stringify(code.design_overrides)}|${code.category}|${code.type}|${JSON.stringify(code.content).length}|${code.custom_domain_id}`, code);
    const hostOf = await this.references.hostLookup([...kinds.values()]);
    for (const code of kinds.values()) {
      const problems = await this.designs.problems({ ...code, design: designUnder(design, code.design_overrides) }, hostOf(code));
      if (problems.length) {
        throw Errors.validationFailed(problems.map((p) => ({ ...p, detail: `on ${code.name} (${code.id}), which follows this preset: ${p.detail}` })));
      }
    }
  }
}
