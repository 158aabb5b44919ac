export function EndpointPage() {
  return <p>TODO</p>;
}
