export function ImportPanel(_: { onClose: () => void; onImported: () => void }) {
  return <p>TODO</p>;
}
