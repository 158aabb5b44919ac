import { type ComponentChildren } from 'preact';

/**
 * The dashboard's buttons, and links that look like one (with `href`). A row's button names the row
 * it acts on with `of`, for a screen reader, so that "Delete Crates" is told apart from the other
 * rows' "Delete".
 */
export function Button(props: {
  label: ComponentChildren;
  kind?: 'primary' | 'danger' | 'link';
  small?: boolean;
  wide?: boolean;
  submit?: boolean;
  of?: string;
  href?: string;
  download?: boolean;
  disabled?: boolean;
  expanded?: boolean;
  onClick?: () => void;
}) {
  const className = ['button', props.kind && `button--${props.kind}`, props.small && 'button--small', props.wide && 'button--wide'].filter(Boolean).join(' ');
  const text = (
    <>
      {props.label}
      {props.of ? <span class="visually-hidden"> {props.of}</span> : null}
    </>
  );
  if (props.href) {
    return (
      <a class={className} href={props.href} download={props.download}>
        {text}
      </a>
    );
  }
  return (
    <button type={props.submit ? 'submit' : 'button'} class={className} disabled={props.disabled} aria-expanded={props.expanded} onClick={props.onClick}>
      {text}
    </button>
  );
}
