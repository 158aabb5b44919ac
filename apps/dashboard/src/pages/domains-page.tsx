export function DomainsPage() {
  return <p>TODO</p>;
}
