import { monotonicFactory } from "ulid";

// Public identifiers: a type prefix and a lower-case ULID, so they sort by creation time.
export const ID_PREFIXES = [
  "lead", "run", "drf", "evt", "cmp", "whe", "dly", "rpl", "aud", "req",
  "ws", "usr", "tok", "pack", "prm", "pv", "prov", "rle", "snd", "trc", "att", "idk",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const nextUlid = monotonicFactory();

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid().toLowerCase()}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`).test(id);
}
