export function FoldersPage() {
  return <p>TODO</p>;
}
