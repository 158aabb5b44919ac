import { type ComponentChildren, Fragment } from 'preact';

/** One fact: its name, its value, and the value's class (`mono` for ids and codes). */
export type Fact = [label: ComponentChildren, value: ComponentChildren, valueClass?: string];

/** A page's facts as a definition list; a `false` row is a fact that does not apply here. */
export function Facts({ rows, testId }: { rows: ReadonlyArray<Fact | false>; testId?: string }) {
  return (
    <dl class="facts" data-testid={testId}>
      {rows
        .filter((row): row is Fact => row !== false)
        .map(([label, value, valueClass], i) => (
          <Fragment key={i}>
            <dt>{label}</dt>
            <dd class={valueClass}>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
