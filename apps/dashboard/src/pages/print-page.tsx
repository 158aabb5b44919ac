export function PrintPage() {
  return <p>TODO</p>;
}
