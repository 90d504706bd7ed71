import { monotonicFactory } from "ulid";

// Public identifiers: a type prefix and a lower-case ULID, so they sort by creation time.
export const ID_PREFIXES = [
  "lead",
  "run",
  "drf",
  "evt",
  "cmp",
  "whe",
  "dly",
  "rpl",
  "aud",
  "req",
  "ws",
  "usr",
  "tok",
  "pack",
  "prm",
  "pv",
  "prov",
  "rle",
  "snd",
  "trc",
  "att",
  "idk",
  "sup",
  "apv",
  "prp",
  "ses",
  "inb",
  "bnc",
  "evs",
  "evc",
  "evl",
  "evr",
  "rpy",
  "rpr",
  "sdr",
  "exp",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

// ulid's default source asks the system for one random byte per character (16 calls per id); on
// hot paths (a request id per API call, two ids per imported row) that showed in profiles. The
// same cryptographic bytes, fetched 4 KiB at a time:
const pool = new Uint8Array(4096);
let offset = pool.length;
function pooledRandom(): number {
  if (offset >= pool.length) {
    crypto.getRandomValues(pool);
    offset = 0;
  }
  return pool[offset++] / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid().toLowerCase()}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`).test(id);
}
