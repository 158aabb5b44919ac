export function AccountPage() {
  return <p>TODO</p>;
}
