/**
 * The SSRF guard: which addresses feeds and probes may reach. Loopback, private, link-local, CGNAT,
 * multicast, reserved and cloud-metadata addresses are refused unless `ALLOW_PRIVATE_NETWORKS` is on.
 * IPv4-mapped and -compatible IPv6 addresses are judged as the IPv4 address they carry.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

type Range = [base: bigint, bits: number, width: 32 | 128];

function parseV4(address: string): bigint | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseV6(address: string): bigint | null {
  let text = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two hex groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const value = parseV4(v4[1]!);
    if (value === null) return null;
    text = text.slice(0, -v4[1]!.length) + `${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

const v4 = (cidr: string): Range => {
  const [base, bits] = cidr.split('/');
  return [parseV4(base!)!, Number(bits), 32];
};
const v6 = (cidr: string): Range => {
  const [base, bits] = cidr.split('/');
  return [parseV6(base!)!, Number(bits), 128];
};

const BLOCKED: Range[] = [
  v4('0.0.0.0/8'), // "this" network
  v4('10.0.0.0/8'), // private
  v4('100.64.0.0/10'), // carrier-grade NAT
  v4('127.0.0.0/8'), // loopback
  v4('169.254.0.0/16'), // link-local, cloud metadata (169.254.169.254)
  v4('172.16.0.0/12'), // private
  v4('192.0.0.0/24'), // IETF protocol assignments
  v4('192.0.2.0/24'), // documentation
  v4('192.88.99.0/24'), // 6to4 relay
  v4('192.168.0.0/16'), // private
  v4('198.18.0.0/15'), // benchmarking
  v4('198.51.100.0/24'), // documentation
  v4('203.0.113.0/24'), // documentation
  v4('224.0.0.0/4'), // multicast
  v4('240.0.0.0/4'), // reserved, broadcast
  v6('::/128'), // unspecified
  v6('::1/128'), // loopback
  v6('64:ff9b:1::/48'), // local-use NAT64
  v6('100::/64'), // discard
  v6('2001:db8::/32'), // documentation
  v6('fc00::/7'), // unique local (incl. fd00:ec2::254 metadata)
  v6('fe80::/10'), // link-local
  v6('ff00::/8'), // multicast
];

function inRange(value: bigint, width: 32 | 128, [base, bits, rangeWidth]: Range): boolean {
  if (width !== rangeWidth) return false;
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), -compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::/48) or Teredo (2001:0::/32, the client address stored
 * inverted in the last 32 bits) address: each reaches that IPv4 host, so each is judged as it.
 */
function embeddedV4(value: bigint): bigint | null {
  if (value >> 32n === 0xffffn) return value & 0xffffffffn;
  if (value >> 32n === 0n && value > 1n) return value & 0xffffffffn;
  if (value >> 32n === 0x64ff9bn << 64n) return value & 0xffffffffn; // NAT64 64:ff9b::/96
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 6to4
  if (value >> 96n === 0x20010000n) return (value & 0xffffffffn) ^ 0xffffffffn; // Teredo
  return null;
}

/** Whether an IP address (v4 or v6, literal) is one that the guard refuses. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (family === 4) {
    const value = parseV4(address);
    return value === null || BLOCKED.some((range) => inRange(value, 32, range));
  }
  if (family === 6) {
    const value = parseV6(address);
    if (value === null) return true;
    const inner = embeddedV4(value);
    if (inner !== null) return BLOCKED.some((range) => inRange(inner, 32, range));
    return BLOCKED.some((range) => inRange(value, 128, range));
  }
  return true; // not an IP address at all
}

/** What an operator reads when a feed is refused: the setting that allows it. */
export const PRIVATE_NETWORK_HINT =
  'set ALLOW_PRIVATE_NETWORKS=true to fetch feeds on private networks such as localhost';

/**
 * The blocked address a hostname is or resolves to, or `null` when it is public (or cannot be
 * resolved within `timeoutMs`: the worker will say so when it fetches). Used to warn when a source
 * is added. A name lookup that the resolver does not answer (a lost UDP packet costs 5 s) is not
 * waited for past the timeout.
 */
export async function blockedAddressOf(hostname: string, timeoutMs = 2_000): Promise<string | null> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) return isBlockedAddress(literal) ? literal : null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    timer.unref();
  });
  const resolved = lookup(literal, { all: true }).then(
    (addresses) => addresses.find((a) => isBlockedAddress(a.address))?.address ?? null,
    () => null,
  );
  try {
    return await Promise.race([resolved, late]);
  } finally {
    clearTimeout(timer);
  }
}
