// Which X-Forwarded-For entries are believed (TRUST_PROXY). A proxy appends the address it was
// reached from to the header, after whatever the client wrote there, so only the entries our own
// proxies appended are true: the client address is the first one, counted from the right, that
// was not appended by a proxy we trust. Trusting every entry (Fastify's `true`) takes the
// leftmost, which the client chose, and would let anyone pick a fresh address for each request
// past every per-address limit.
//
// The setting is either a hop count (how many proxies are in front; 0 trusts none) or a list of
// the proxies' addresses and CIDR ranges, with proxy-addr's names for common ranges. `true` reads
// as one proxy, `false` as none. A hop count believes the last hops whoever connects, so it is
// only right when Kurir's port cannot be reached except through those proxies; the list checks
// each hop's address. (Fastify itself no longer takes a hop count, for that reason; we hand it
// the trust function below.)
import net from 'node:net';
import { z } from 'zod';

/** How many hops may be trusted at most: more proxies than this in front of one app is a mistake. */
export const MAX_PROXY_HOPS = 10;

/** proxy-addr's names, as Express and Fastify users know them. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export type TrustProxySetting = { hops: number } | { ranges: string[] };

/** One entry of the list as [address, prefix, family], or null when it is not an address or range. */
function parseRange(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const max = family === 4 ? 32 : 128;
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= max)) return null;
  return [address, bits, family === 4 ? 'ipv4' : 'ipv6'];
}

/** TRUST_PROXY as the environment gives it. */
export const trustProxyEnv = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxySetting => {
    const value = raw.trim().toLowerCase();
    if (value === 'false') return { hops: 0 };
    if (value === 'true') return { hops: 1 };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_PROXY_HOPS) return { hops };
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: at most ${MAX_PROXY_HOPS} proxies` });
      return z.NEVER;
    }
    const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
    const ranges = entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]);
    const wrong = ranges.filter((r) => parseRange(r) === null);
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a number of proxies, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas; not ${wrong.join(', ') || 'empty'}`,
      });
      return z.NEVER;
    }
    return { ranges };
  });

/** Whether the address at `hop` (0: the connecting peer, 1: the last X-Forwarded-For entry, …) is one of our proxies. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The trust function Fastify walks X-Forwarded-For with, or false to ignore the header. */
export function proxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if ('hops' in setting) {
    const { hops } = setting;
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const list = new net.BlockList();
  for (const range of setting.ranges) {
    const [address, prefix, family] = parseRange(range)!;
    list.addSubnet(address, prefix, family);
  }
  // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d; BlockList matches it to IPv4 ranges.
  return (address) => {
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
