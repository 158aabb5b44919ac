export function CodeCreatePage() {
  return <p>TODO</p>;
}
