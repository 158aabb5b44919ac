import { type ComponentChildren } from 'preact';
import { ErrorNotice, Pending } from './notice';

/** One column of a list: its header, and what each row shows in it. */
export interface Column<T> {
  header: ComponentChildren;
  /** The header is for screen readers only: the column explains itself (a thumbnail, a checkbox). */
  hideHeader?: boolean;
  /** On every cell: `table__primary` for the one that names the row. */
  class?: string;
  /** Numbers, aligned right, header too. */
  num?: boolean;
  /** The cell that names its row, for a screen reader (a <th>). */
  rowHeader?: boolean;
  cell(row: T): ComponentChildren;
}

/**
 * The dashboard's lists: a captioned table (the caption is for screen readers), with a last column of
 * the row's buttons when `actions` is given. Until `rows` has loaded a spinner shows, or `error` (which
 * also shows above rows already loaded); an empty list shows `empty`. `wholeRow` lets a row show something else for a while (a rename form) across every column.
 */
export function ListTable<T extends { id: string }>(props: {
  caption: string;
  rows: readonly T[] | undefined;
  /** A `false` leaves a column out, e.g. for a member who may not use it. */
  columns: ReadonlyArray<Column<T> | false>;
  actions?: (row: T) => ComponentChildren;
  wholeRow?: (row: T) => ComponentChildren;
  empty?: ComponentChildren;
  testId?: string;
  /** A later page is loading: the rows shown are about to change. */
  busy?: boolean;
  spaced?: boolean;
  /** Tighter cells, for a table inside a list entry. */
  compact?: boolean;
  /** The caption shows, to tell one of several tables from the others; otherwise it is for screen readers. */
  captionShown?: boolean;
  error?: unknown;
  /** The row that stands for the reader's own (their plan): aria-current. */
  current?: (row: T) => boolean;
}) {
  const { rows, actions, wholeRow } = props;
  if (!rows) return <Pending resource={{ data: rows, error: props.error }} />;
  const notice = <ErrorNotice error={props.error} />;
  if (rows.length === 0)
    return (
      <>
        {notice}
        {props.empty ?? null}
      </>
    );
  const columns = props.columns.filter((c): c is Column<T> => c !== false);
  return (
    <>
      {notice}
      {/* A wide table scrolls inside its wrapper on a narrow screen; a keyboard user scrolls it once it has focus. */}
      <div class={props.spaced ? 'table-wrap spaced' : 'table-wrap'} tabIndex={0} aria-busy={props.busy}>
        <table class={props.compact ? 'table table--compact' : 'table'} data-testid={props.testId}>
          <caption class={props.captionShown ? undefined : 'visually-hidden'}>{props.caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" class={c.num ? 'num' : undefined}>
                  {c.hideHeader ? <span class="visually-hidden">{c.header}</span> : c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const instead = wholeRow?.(row);
              return (
                <tr key={row.id} aria-current={props.current?.(row) ? 'true' : undefined}>
                  {instead ? (
                    <td colSpan={columns.length + (actions ? 1 : 0)}>{instead}</td>
                  ) : (
                    <>
                      {columns.map((c, i) => {
                        const Cell = c.rowHeader ? 'th' : 'td';
                        return (
                          <Cell key={i} scope={c.rowHeader ? 'row' : undefined} class={c.num ? 'num' : c.class}>
                            {c.cell(row)}
                          </Cell>
                        );
                      })}
                      {actions ? <td class="table__actions">{actions(row)}</td> : null}
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
