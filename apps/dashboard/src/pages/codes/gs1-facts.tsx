import { linkTypeTerm } from '@qr/gs1/browser';
import { Badge } from '../../ui/badge';
import { type Fact, Facts } from '../../ui/facts';
import { ListTable } from '../../ui/list-table';
import { GS1_DATA_ATTRIBUTES, GS1_QUALIFIERS, type Gs1EditorContent, gs1EditorContent } from './gs1-form';

/** A gs1 code's key and data attributes (what a checkout scanner reads from its URI) and the links its resolver chooses from. */
export function Gs1Facts({ content }: { content: Record<string, unknown> }) {
  const c: Gs1EditorContent = gs1EditorContent(content);
  const rows = c.links.map((l, i) => ({ ...l, id: String(i) }));
  return (
    <section class="panel" aria-labelledby="gs1-title">
      <h2 id="gs1-title">What the code carries</h2>
      <Facts
        testId="gs1-facts"
        rows={[
          ['GTIN', c.gtin, 'mono'],
          ...GS1_QUALIFIERS.map((q): Fact | false => !!c[q.field] && [q.label, c[q.field], 'mono']),
          ...c.data.map((d): Fact => [GS1_DATA_ATTRIBUTES.find((a) => a.ai === d.ai)?.label ?? `AI ${d.ai}`, d.value, 'mono']),
          !!c.item_description && ['Item description', c.item_description],
        ]}
      />
      <h3 class="gs1-links-title">Links</h3>
      <ListTable
        caption="The code's links"
        rows={rows}
        testId="gs1-links"
        columns={[
          { header: 'Link type', cell: (l) => linkTypeTerm(l.link_type)?.label ?? l.link_type },
          {
            header: 'Title and target',
            class: 'table__primary',
            cell: (l) => (
              <>
                {l.title}
                {l.default ? (
                  <>
                    {' '}
                    <Badge tone="good">default</Badge>
                  </>
                ) : null}
                <br />
                <a href={l.href} target="_blank" rel="noopener noreferrer" class="small">
                  {l.href}
                </a>
              </>
            ),
          },
          { header: 'Languages', cell: (l) => l.hreflang || '—' },
          { header: 'Context', cell: (l) => l.context || '—' },
        ]}
      />
    </section>
  );
}
