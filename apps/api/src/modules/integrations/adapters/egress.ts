import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a directory call may go (SSRF guard, issue 19 "Bad input and safety"): a base URL an administrator types
 * must not turn our server into a proxy to its own network. https only, to public addresses; the addresses are
 * checked when the connection is made (every address the name resolves to, so a name that resolves to an inside
 * address later — DNS rebinding — is refused then), redirects are never followed.
 *
 * Exceptions, all chosen by whoever runs the server, never by an API caller:
 * - NODE_ENV=test or INTEGRATIONS_ALLOW_LOCAL=1: loopback (127.0.0.0/8, ::1) over http or https (the local fakes).
 * - INTEGRATIONS_ALLOW_NETWORKS=192.168.10.0/24,10.0.0.5: these on-site addresses (a Paxton Net2 server on the
 *   school's network), over http or https.
 * Cloud metadata addresses are refused whatever is allowed.
 */
const METADATA = new BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4'); // AWS, GCP, Azure, OpenStack
METADATA.addAddress('169.254.170.2', 'ipv4'); // ECS task metadata
METADATA.addAddress('100.100.100.200', 'ipv4'); // Alibaba
METADATA.addAddress('168.63.129.16', 'ipv4'); // Azure wire server
METADATA.addAddress('fd00:ec2::254', 'ipv6'); // AWS over IPv6

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Not public: private, shared, link-local, loopback, documentation, benchmark, multicast and reserved ranges. */
const INSIDE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv6');

const truthy = (v: string | undefined) => !!v && !['0', 'false', 'no', 'off', ''].includes(v.trim().toLowerCase());

export interface EgressPolicy {
  loopback: boolean;
  networks: BlockList | null;
}

/** Loopback origins this process serves itself: the demo's directory fakes (fakes/demo.ts), and nothing else. */
const LOCAL_ORIGINS = new Set<string>();
export const allowLocalOrigin = (origin: string) => void LOCAL_ORIGINS.add(origin);

/**
 * The server's policy, from its environment (read on each call: cheap, and tests may change it); loopback too for
 * a URL on one of the origins the demo's fakes listen on.
 */
export function egressPolicy(env: NodeJS.ProcessEnv = process.env, url?: URL): EgressPolicy {
  const loopback = env.NODE_ENV === 'test' || truthy(env.INTEGRATIONS_ALLOW_LOCAL) || (!!url && LOCAL_ORIGINS.has(url.origin));
  const list = (env.INTEGRATIONS_ALLOW_NETWORKS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  let networks: BlockList | null = null;
  for (const item of list) {
    const [addr, bits] = item.split('/');
    const family = isIP(addr);
    if (!family) continue;
    networks ??= new BlockList();
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) networks.addAddress(addr, type);
    else if (/^\d{1,3}$/.test(bits)) networks.addSubnet(addr, Number(bits), type);
  }
  return { loopback, networks };
}

/** An IPv6 address carrying an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96): the IPv4 address. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type Refusal = 'metadata' | 'inside' | null;

/** Why a connection to this address is refused under the policy, or null. */
export function addressRefusal(address: string, policy: EgressPolicy = egressPolicy()): Refusal {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = embeddedV4(bare);
  const ip = v4 ?? bare;
  const family = isIP(ip);
  if (!family) return 'inside';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (METADATA.check(ip, type)) return 'metadata';
  if (!INSIDE.check(ip, type)) return null;
  if (policy.loopback && LOOPBACK.check(ip, type)) return null;
  if (policy.networks?.check(ip, type)) return null;
  return 'inside';
}

/** Plain http is for loopback (tests, fakes) and the networks the server allows; everything else is https. */
export function schemeRefusal(url: URL, addresses: string[], policy: EgressPolicy = egressPolicy()): boolean {
  if (url.protocol === 'https:') return false;
  if (url.protocol !== 'http:') return true;
  return !addresses.length || addresses.some((a) => {
    const ip = embeddedV4(a) ?? a;
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    return !((policy.loopback && LOOPBACK.check(ip, type)) || policy.networks?.check(ip, type));
  });
}

export type UrlProblem = 'url_invalid' | 'url_https' | 'url_private' | null;

/**
 * The check of a base URL given through the API (400 with a field message): a URL, https unless allowed, and a
 * host whose every address is public (or allowed). A name that does not resolve passes here: the directory call
 * then fails as unreachable, and the connection is checked again anyway.
 */
export async function checkBaseUrl(raw: string, given?: EgressPolicy): Promise<UrlProblem> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url_invalid';
  }
  const policy = given ?? egressPolicy(process.env, url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url_invalid';
  if (url.username || url.password) return 'url_invalid';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookupAll(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      addresses = [];
    }
  }
  if (addresses.some((a) => addressRefusal(a, policy))) return 'url_private';
  if (schemeRefusal(url, addresses, policy)) return 'url_https';
  return null;
}

export class EgressRefused extends Error {
  code = 'EGRESS_REFUSED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves every address of the name and refuses the connection when any is
 * inside (checked when connecting, not when the URL was typed).
 */
export function guardedLookup(policy: EgressPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback) => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    dnsLookup(hostname, { family: opts.family as 0 | 4 | 6 | undefined, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => addressRefusal(a.address, policy));
      if (bad || !list.length) return callback(new EgressRefused(`${hostname} resolves to ${bad?.address ?? 'nothing'}, an address inside the network`), []);
      if (opts.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
