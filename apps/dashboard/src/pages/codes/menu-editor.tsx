import { TextAreaField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';

type Item = { name: string; description: string; price: string; tags: string };
type Section = { name: string; items: Item[] };

const emptyItem = (): Item => ({ name: '', description: '', price: '', tags: '' });

/** A hosted menu: title, currency, sections of items with prices and tags, footer. */
export function MenuEditor({ content, onContent, errors, disabled }: ContentEditorProps) {
  const sections = content.sections as Section[];
  const set = (patch: Record<string, unknown>) => onContent({ ...content, ...patch });
  const setSections = (next: Section[]) => set({ sections: next });
  const setSection = (i: number, patch: Partial<Section>) => setSections(sections.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setItem = (i: number, k: number, patch: Partial<Item>) =>
    setSection(i, { items: sections[i].items.map((it, j) => (j === k ? { ...it, ...patch } : it)) });
  return (
    <>
      <div class="grid-2">
        <TextField
          label="Menu title"
          required
          value={String(content.title ?? '')}
          onValue={(v) => set({ title: v })}
          error={errors.at('/content/title')}
          disabled={disabled}
        />
        <TextField
          label="Currency"
          hint="ISO code, e.g. EUR"
          value={String(content.currency ?? '')}
          onValue={(v) => set({ currency: v.toUpperCase() })}
          error={errors.at('/content/currency')}
          disabled={disabled}
        />
      </div>
      {errors.at('/content/sections') ? <p class="field__error">{errors.at('/content/sections')}</p> : null}
      {sections.map((section, i) => (
        <fieldset key={i} class="repeat-item">
          <legend>Section {i + 1}</legend>
          <TextField
            label="Section name"
            required
            value={section.name}
            onValue={(v) => setSection(i, { name: v })}
            error={errors.at(`/content/sections/${i}/name`)}
            disabled={disabled}
          />
          {errors.at(`/content/sections/${i}/items`) ? <p class="field__error">{errors.at(`/content/sections/${i}/items`)}</p> : null}
          {section.items.map((item, k) => {
            const at = `/content/sections/${i}/items/${k}`;
            return (
              <div key={k} class="repeat-item" role="group" aria-label={`Section ${i + 1}, item ${k + 1}`}>
                <div class="grid-3">
                  <TextField
                    label="Item"
                    required
                    value={item.name}
                    onValue={(v) => setItem(i, k, { name: v })}
                    error={errors.at(`${at}/name`)}
                    disabled={disabled}
                  />
                  <TextField
                    label="Price"
                    inputMode="decimal"
                    value={item.price}
                    onValue={(v) => setItem(i, k, { price: v })}
                    error={errors.at(`${at}/price`)}
                    disabled={disabled}
                  />
                  <TextField
                    label="Tags"
                    hint="Comma-separated, e.g. vegan, spicy"
                    value={item.tags}
                    onValue={(v) => setItem(i, k, { tags: v })}
                    error={errors.under(`${at}/tags`)}
                    disabled={disabled}
                  />
                </div>
                <TextField
                  label="Description"
                  value={item.description}
                  onValue={(v) => setItem(i, k, { description: v })}
                  error={errors.at(`${at}/description`)}
                  disabled={disabled}
                />
                {section.items.length > 1 ? (
                  <button
                    type="button"
                    class="button button--small"
                    onClick={() => setSection(i, { items: section.items.filter((_, j) => j !== k) })}
                    disabled={disabled}
                  >
                    Remove item {k + 1}
                  </button>
                ) : null}
                {errors.at(at) ? <p class="field__error">{errors.at(at)}</p> : null}
              </div>
            );
          })}
          <div class="button-row">
            <button type="button" class="button button--small" onClick={() => setSection(i, { items: [...section.items, emptyItem()] })} disabled={disabled}>
              Add an item to section {i + 1}
            </button>
            {sections.length > 1 ? (
              <button type="button" class="button button--small" onClick={() => setSections(sections.filter((_, j) => j !== i))} disabled={disabled}>
                Remove section {i + 1}
              </button>
            ) : null}
          </div>
        </fieldset>
      ))}
      <div class="button-row">
        <button type="button" class="button" onClick={() => setSections([...sections, { name: '', items: [emptyItem()] }])} disabled={disabled}>
          Add a section
        </button>
      </div>
      <TextAreaField
        label="Footer"
        value={String(content.footer ?? '')}
        onValue={(v) => set({ footer: v })}
        error={errors.at('/content/footer')}
        disabled={disabled}
      />
    </>
  );
}
