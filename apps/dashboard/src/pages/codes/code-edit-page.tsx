export function CodeEditPage() {
  return <p>TODO</p>;
}
