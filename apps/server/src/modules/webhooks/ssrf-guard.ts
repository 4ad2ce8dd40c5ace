// Outgoing webhook requests never reach private, loopback, link-local or otherwise internal
// addresses (SSRF), unless WEBHOOKS_ALLOW_PRIVATE=true (development and tests). The check is made
// on the address actually connected to (a `lookup` hook of the HTTP request), so a host that
// resolves to a public address when the endpoint is saved and to 127.0.0.1 later is still refused.
import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '@kurir/core';
import { badRequest } from '../../lib/errors';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// Every range that carries or reaches an IPv4 address is refused whole rather than judged by the
// address inside it: a webhook receiver has a plain IPv6 or IPv4 address, and each of these is a
// way to name 127.0.0.1 or 169.254.169.254 that an IPv6-only list would miss.
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible (::127.0.0.1)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64, well-known prefix: can reach IPv4 private space
  ['64:ff9b:1::', 48], // NAT64, local-use prefix
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: an IPv4 server and client inside
  ['2002::', 16], // 6to4: an IPv4 address in bits 16-47
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Refuses an endpoint URL before it is saved: https (http only for localhost when allowed), a public host. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = new URL(raw);
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.urlInvalid, 'validation_failed');
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate && local)) {
    throw badRequest(WEBHOOK_MESSAGES.httpsRequired, 'validation_failed');
  }
  if (!allowPrivate) {
    const addresses = await dns.promises.lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => {
      throw badRequest(WEBHOOK_MESSAGES.unresolvable, 'validation_failed');
    });
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      throw badRequest(WEBHOOK_MESSAGES.privateAddress, 'validation_failed');
    }
  }
  return url.toString();
}

const privateAddressError = (message: string) => Object.assign(new Error(message), { code: 'EPRIVATE' });

/**
 * The refusal of a URL whose host is itself a private address, or null. Node makes no lookup for
 * an address written in the URL, so guardedLookup never sees one: without this, an endpoint saved
 * while private addresses were allowed (or before its range was added here) was still POSTed to.
 */
export function privateLiteralHost(hostname: string, allowPrivate: boolean): Error | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate || net.isIP(host) === 0 || !isPrivateAddress(host)) return null;
  return privateAddressError(`${host} is a private address; refused`);
}

/** A `lookup` for http(s).request that refuses private addresses at connect time. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) {
        return callback(privateAddressError(`${hostname} resolves to a private address; refused`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
