import { binder, TextAreaField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';
import { Button } from '../../ui/button';

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
  const field = binder(content, onContent, errors, '/content', disabled);
  return (
    <>
      <div class="grid-2">
        <TextField label="Menu title" required {...field('title')} />
        <TextField label="Currency" hint="ISO code, e.g. EUR" {...field('currency')} onValue={(v) => set({ currency: v.toUpperCase() })} />
      </div>
      {errors.at('/content/sections') ? <p class="field__error">{errors.at('/content/sections')}</p> : null}
      {sections.map((section, i) => {
        const sectionField = binder(section, (next) => setSection(i, next), errors, `/content/sections/${i}`, disabled);
        return (
          <fieldset key={i} class="repeat-item">
            <legend>Section {i + 1}</legend>
            <TextField label="Section name" required {...sectionField('name')} />
            {errors.at(`/content/sections/${i}/items`) ? <p class="field__error">{errors.at(`/content/sections/${i}/items`)}</p> : null}
            {section.items.map((item, k) => {
              const at = `/content/sections/${i}/items/${k}`;
              const itemField = binder(item, (next) => setItem(i, k, next), errors, at, disabled);
              return (
                <div key={k} class="repeat-item" role="group" aria-label={`Section ${i + 1}, item ${k + 1}`}>
                  <div class="grid-3">
                    <TextField label="Item" required {...itemField('name')} />
                    <TextField label="Price" inputMode="decimal" {...itemField('price')} />
                    <TextField label="Tags" hint="Comma-separated, e.g. vegan, spicy" {...itemField('tags')} error={errors.under(`${at}/tags`)} />
                  </div>
                  <TextField label="Description" {...itemField('description')} />
                  {section.items.length > 1 ? (
                    <Button
                      small
                      onClick={() => setSection(i, { items: section.items.filter((_, j) => j !== k) })}
                      disabled={disabled}
                      label={`Remove item ${k + 1}`}
                    />
                  ) : null}
                  {errors.at(at) ? <p class="field__error">{errors.at(at)}</p> : null}
                </div>
              );
            })}
            <div class="button-row">
              <Button
                small
                onClick={() => setSection(i, { items: [...section.items, emptyItem()] })}
                disabled={disabled}
                label={`Add an item to section ${i + 1}`}
              />
              {sections.length > 1 ? (
                <Button small onClick={() => setSections(sections.filter((_, j) => j !== i))} disabled={disabled} label={`Remove section ${i + 1}`} />
              ) : null}
            </div>
          </fieldset>
        );
      })}
      <div class="button-row">
        <Button onClick={() => setSections([...sections, { name: '', items: [emptyItem()] }])} disabled={disabled} label="Add a section" />
      </div>
      <TextAreaField label="Footer" {...field('footer')} />
    </>
  );
}
