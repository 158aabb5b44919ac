export function UsagePage() {
  return <p>TODO</p>;
}
