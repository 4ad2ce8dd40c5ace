// The key that per-client limits count by (sign-in codes per hour, requests per minute). An IPv4
// client is its address. An IPv6 client is its /64: a provider hands each customer at least a /64,
// so one home or one server can take a new address for every request, and counting by address
// would give it 2^64 fresh allowances.
import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null for anything else. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split('%')[0]!; // a zone (fe80::1%eth0) names the interface, not the host
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** `203.0.113.7` → itself; `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`; an IPv4-mapped address → its IPv4. */
export function clientNetwork(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
