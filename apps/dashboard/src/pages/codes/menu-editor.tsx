import { listRows } from '../../lib/list-rows';
import { binder, GroupError, TextAreaField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';
import { Button } from '../../ui/button';

type Item = { name: string; description: string; price: string; tags: string };
type Section = { name: string; items: Item[] };

const emptyItem = (): Item => ({ name: '', description: '', price: '', tags: '' });

/** A hosted menu: title, currency, sections of items with prices and tags, footer. */
export function MenuEditor({ content, onContent, errors, disabled }: ContentEditorProps) {
  const sections = content.sections as Section[];
  const set = (patch: Record<string, unknown>) => onContent({ ...content, ...patch });
  const sectionRows = listRows(sections, (next) => set({ sections: next }));
  const field = binder(content, onContent, errors, '/content', disabled);
  return (
    <>
      <div class="grid-2">
        <TextField label="Menu title" required {...field('title')} />
        <TextField label="Currency" hint="ISO code, e.g. EUR" {...field('currency')} onValue={(v) => set({ currency: v.toUpperCase() })} />
      </div>
      <GroupError text={errors.at('/content/sections')} />
      {sections.map((section, i) => {
        const sectionField = binder(section, (next) => sectionRows.set(i, next), errors, `/content/sections/${i}`, disabled);
        const items = listRows(section.items, (next) => sectionRows.set(i, { items: next }));
        return (
          <fieldset key={i} class="repeat-item">
            <legend>Section {i + 1}</legend>
            <TextField label="Section name" required {...sectionField('name')} />
            <GroupError text={errors.at(`/content/sections/${i}/items`)} />
            {section.items.map((item, k) => {
              const at = `/content/sections/${i}/items/${k}`;
              const itemField = binder(item, (next) => items.set(k, next), errors, at, disabled);
              return (
                <div key={k} class="repeat-item" role="group" aria-label={`Section ${i + 1}, item ${k + 1}`}>
                  <div class="grid-3">
                    <TextField label="Item" required {...itemField('name')} />
                    <TextField label="Price" inputMode="decimal" {...itemField('price')} />
                    <TextField label="Tags" hint="Comma-separated, e.g. vegan, spicy" {...itemField('tags')} error={errors.under(`${at}/tags`)} />
                  </div>
                  <TextField label="Description" {...itemField('description')} />
                  {section.items.length > 1 ? <Button small onClick={() => items.remove(k)} disabled={disabled} label={`Remove item ${k + 1}`} /> : null}
                  <GroupError text={errors.at(at)} />
                </div>
              );
            })}
            <div class="button-row">
              <Button small onClick={() => items.add(emptyItem())} disabled={disabled} label={`Add an item to section ${i + 1}`} />
              {sections.length > 1 ? <Button small onClick={() => sectionRows.remove(i)} disabled={disabled} label={`Remove section ${i + 1}`} /> : null}
            </div>
          </fieldset>
        );
      })}
      <div class="button-row">
        <Button onClick={() => sectionRows.add({ name: '', items: [emptyItem()] })} disabled={disabled} label="Add a section" />
      </div>
      <TextAreaField label="Footer" {...field('footer')} />
    </>
  );
}
