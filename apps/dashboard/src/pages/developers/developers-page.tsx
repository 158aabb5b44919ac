export function DevelopersPage() {
  return <p>TODO</p>;
}
