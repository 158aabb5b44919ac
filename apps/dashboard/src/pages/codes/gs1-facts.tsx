import { Fragment } from 'preact';
import { linkTypeTerm } from '@qr/gs1/browser';
import { Badge } from '../../ui/badge';
import { ListTable } from '../../ui/list-table';
import { GS1_DATA_ATTRIBUTES, GS1_QUALIFIERS, type Gs1EditorContent, gs1EditorContent } from './gs1-form';

/** A gs1 code's key and data attributes (what a checkout scanner reads from its URI) and the links its resolver chooses from. */
export function Gs1Facts({ content }: { content: Record<string, unknown> }) {
  const c: Gs1EditorContent = gs1EditorContent(content);
  const rows = c.links.map((l, i) => ({ ...l, id: String(i) }));
  return (
    <section class="panel" aria-labelledby="gs1-title">
      <h2 id="gs1-title">What the code carries</h2>
      <dl class="facts" data-testid="gs1-facts">
        <dt>GTIN</dt>
        <dd class="mono">{c.gtin}</dd>
        {GS1_QUALIFIERS.filter((q) => c[q.field]).map((q) => (
          <Fragment key={q.field}>
            <dt>{q.label}</dt>
            <dd class="mono">{c[q.field]}</dd>
          </Fragment>
        ))}
        {c.data.map((d) => (
          <Fragment key={d.ai}>
            <dt>{GS1_DATA_ATTRIBUTES.find((a) => a.ai === d.ai)?.label ?? `AI ${d.ai}`}</dt>
            <dd class="mono">{d.value}</dd>
          </Fragment>
        ))}
        {c.item_description ? (
          <>
            <dt>Item description</dt>
            <dd>{c.item_description}</dd>
          </>
        ) : null}
      </dl>
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
