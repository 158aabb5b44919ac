export function CodeDetailPage() {
  return <p>TODO</p>;
}
