// Whether a host (a bind address, or a Host header's name) is this machine: the rule the MCP
// server and the receiver use to decide that no token is needed and that a page may be served.
// Only literal loopback addresses and `localhost` count: a DNS name such as `127.evil.example`
// could point anywhere (DNS rebinding).
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  return IPV4_LOOPBACK.test(name.replace(/^::ffff:/, ''));
}
