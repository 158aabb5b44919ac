import { useId } from 'preact/hooks';
import { type Fact, Facts } from '../../ui/facts';
import { listRows } from '../../lib/list-rows';
import { binder, CheckboxField, GroupError, SelectField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';
import { emptyGs1Link, GS1_DATA_ATTRIBUTES, GS1_LINK_TYPE_OPTIONS, GS1_QUALIFIERS, type Gs1EditorContent, type Gs1LinkRow, gtinFeedback } from './gs1-form';
import { Button } from '../../ui/button';

const OTHER_AI = 'other';
const QUALIFIER_HINT = 'up to 20 of A–Z a–z 0–9 ! " % & \' ( ) * + , - . / : ; < = > ? _';

/**
 * A `gs1` code: the GTIN (with its check digit checked as it is typed) and the qualifiers that make
 * the printed Digital Link URI, its data attributes, and the links the resolver chooses from. Once the
 * code exists the GTIN and qualifiers are its printed URI: shown, not edited.
 */
export function Gs1ContentEditor({ content, onContent, errors, disabled, editing }: ContentEditorProps) {
  const c = content as unknown as Gs1EditorContent;
  const part: Part = { c, set: (patch) => onContent({ ...content, ...patch }), errors, disabled };
  return (
    <>
      {editing ? <FixedKey c={c} /> : <KeyFields {...part} />}
      <GroupError text={errors.at('/content')} alert />
      <TextField
        label="Item description"
        {...binder(c, part.set, errors, '/content', disabled)('item_description')}
        hint="Optional; names the item in the linkset (otherwise its GTIN does)."
        maxLength={200}
      />
      <DataAttributes {...part} />
      <Links {...part} />
    </>
  );
}

/** What each part of the editor works on: the content, its setter, the server's problems and the lock. */
interface Part {
  c: Gs1EditorContent;
  set: (patch: Partial<Gs1EditorContent>) => void;
  errors: ContentEditorProps['errors'];
  disabled?: boolean;
}

function KeyFields({ c, set, errors, disabled }: Part) {
  const said = gtinFeedback(c.gtin);
  // A number still being typed is not an error yet; a wrong check digit, a letter or a 15th digit is.
  const wrong = said !== null && !said.ok && !said.typing;
  const field = binder(c, set, errors, '/content', disabled);
  const gtin = field('gtin');
  return (
    <>
      <TextField
        label="GTIN"
        required
        inputMode="numeric"
        autocomplete="off"
        {...gtin}
        maxLength={20}
        class={wrong ? 'field--invalid' : undefined}
        // The server's word only when the live check has nothing to say (it says the same, later).
        error={said && !said.ok ? undefined : gtin.error}
        hint={
          <span role="status" class={`gtin-feedback${said?.ok ? ' gtin-feedback--ok' : wrong ? ' gtin-feedback--bad' : ''}`} data-testid="gtin-feedback">
            {said ? said.text : '8, 12, 13 or 14 digits, the last one the check digit: the number under the product’s barcode.'}
          </span>
        }
      />
      <div class="grid-3">
        {GS1_QUALIFIERS.map((q) => (
          <TextField key={q.field} label={q.label} {...field(q.field)} maxLength={20} autocomplete="off" />
        ))}
      </div>
      <p class="muted small">
        Optional: a code for one consumer product variant, lot or serial of the product, printed after the GTIN in this order. Each is {QUALIFIER_HINT}. The
        product’s code and its lot or serial codes are separate codes; the resolver falls back serial → lot → product.
      </p>
    </>
  );
}

/** An existing code's GTIN and qualifiers: they are its printed URI, so the API refuses a change. */
function FixedKey({ c }: { c: Gs1EditorContent }) {
  return (
    <>
      <Facts testId="gs1-key" rows={[['GTIN', c.gtin, 'mono'], ...GS1_QUALIFIERS.map((q): Fact | false => !!c[q.field] && [q.label, c[q.field], 'mono'])]} />
      <p class="muted small">The GTIN and qualifiers are in the printed URI and cannot change: for another product, lot or serial, create another code.</p>
    </>
  );
}

function DataAttributes({ c: { data: rows }, set, errors, disabled }: Part) {
  const edit = listRows(rows, (data) => set({ data }));
  const named = (ai: string) => GS1_DATA_ATTRIBUTES.find((d) => d.ai === ai);
  const unused = GS1_DATA_ATTRIBUTES.find((d) => !rows.some((r) => r.ai === d.ai));
  return (
    <fieldset>
      <legend>Data attributes</legend>
      <p class="muted small">Printed in the URI’s query string, where a checkout scanner reads them offline (an expired lot is refused at the till).</p>
      <GroupError text={errors.at('/content/data')} />
      {rows.map((row, i) => {
        const known = named(row.ai);
        return (
          <div key={i} class="grid-3" role="group" aria-label={`Data attribute ${i + 1}`}>
            <SelectField
              label="Attribute"
              value={known ? row.ai : OTHER_AI}
              onValue={(v) => edit.set(i, { ai: v === OTHER_AI ? '' : v })}
              options={[
                ...GS1_DATA_ATTRIBUTES.map((d) => ({ value: d.ai, label: d.label, disabled: d.ai !== row.ai && rows.some((r) => r.ai === d.ai) })),
                { value: OTHER_AI, label: 'A measure (310n–369n)…' },
              ]}
              disabled={disabled}
            />
            {known ? null : (
              <TextField
                label="Application identifier"
                inputMode="numeric"
                value={row.ai}
                onValue={(v) => edit.set(i, { ai: v.trim() })}
                hint="e.g. 3103: net weight in kg, 3 decimals"
                maxLength={4}
                disabled={disabled}
              />
            )}
            <div>
              <TextField
                label="Value"
                inputMode="numeric"
                value={row.value}
                onValue={(v) => edit.set(i, { value: v })}
                error={row.ai ? errors.under(`/content/data/${row.ai}`) : undefined}
                hint={known?.hint ?? '6 digits'}
                disabled={disabled}
              />
              <Button small onClick={() => edit.remove(i)} disabled={disabled} label={`Remove data attribute ${i + 1}`} />
            </div>
          </div>
        );
      })}
      <div class="button-row">
        <Button small onClick={() => edit.add({ ai: unused?.ai ?? '', value: '' })} disabled={disabled} label="Add a data attribute" />
      </div>
    </fieldset>
  );
}

function Links({ c: { links }, set, errors, disabled }: Part) {
  const onLinks = (next: Gs1LinkRow[]) => set({ links: next });
  const radioName = useId();
  const rows = listRows(links, onLinks);
  const makeDefault = (i: number) => onLinks(links.map((l, j) => ({ ...l, default: j === i })));
  const remove = (i: number) => {
    const rest = links.filter((_, j) => j !== i);
    // One link is always the default: the first takes over from a removed default.
    onLinks(links[i].default && rest.length ? rest.map((l, j) => ({ ...l, default: j === 0 })) : rest);
  };
  return (
    <fieldset>
      <legend>Links</legend>
      <p class="muted small">
        Where a phone that opens the URI goes. The default link answers a plain scan; a request for a link type (<code>?linkType=gs1:recallStatus</code>) gets
        that type, and among links of one type the phone’s language and the context choose.
      </p>
      <GroupError text={errors.at('/content/links')} />
      {links.map((link, i) => {
        const at = `/content/links/${i}`;
        const field = binder(link, (next) => rows.set(i, next), errors, at, disabled);
        return (
          <fieldset key={i} class="repeat-item" data-testid="gs1-link">
            <legend>
              Link {i + 1}
              {link.default ? ' (default)' : ''}
            </legend>
            <div class="grid-2">
              <SelectField label="Link type" {...field('link_type')} options={GS1_LINK_TYPE_OPTIONS} required />
              <TextField label="Title" {...field('title')} required maxLength={200} />
            </div>
            <TextField label="Target URL" type="url" {...field('href')} required placeholder="https://brand.example/product" />
            <div class="grid-3">
              <TextField label="Languages" {...field('hreflang')} error={errors.under(`${at}/hreflang`)} hint="Comma-separated: en, fr, de-CH" />
              <TextField label="Media type" {...field('type')} hint="e.g. text/html, application/pdf" />
              <TextField label="Context" {...field('context')} error={errors.under(`${at}/context`)} hint="Comma-separated, e.g. GB (?context=GB)" />
            </div>
            <div class="repeat-item__head">
              <CheckboxField
                radio={radioName}
                label="Default link"
                checked={link.default}
                onChecked={() => makeDefault(i)}
                disabled={disabled}
                error={errors.at(`${at}/default`)}
              />
              {links.length > 1 ? <Button small onClick={() => remove(i)} disabled={disabled} label={`Remove link ${i + 1}`} /> : null}
            </div>
            <GroupError text={errors.at(at)} />
          </fieldset>
        );
      })}
      <div class="button-row">
        <Button onClick={() => rows.add(emptyGs1Link(links.length === 0))} disabled={disabled} label="Add a link" />
      </div>
    </fieldset>
  );
}
