import { randomInt } from "node:crypto";
import { crc32 } from "node:zlib";

// Personal access tokens (contract §3): "lpat_" + 32 random base62 characters + a 6-character
// base62 CRC32 of those 32, so a secret scanner can recognise a real token offline.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const TOKEN_PREFIX = "lpat_";
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = /^lpat_[0-9A-Za-z]{38}$/;

function base62(value: number, width: number): string {
  let out = "";
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export function generateToken(): string {
  let body = "";
  for (let i = 0; i < BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  return `${TOKEN_PREFIX}${body}${checksum(body)}`;
}

/** Shape and checksum only: says nothing of whether the token exists. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + BODY_LENGTH);
  return token.slice(-CHECKSUM_LENGTH) === checksum(body);
}

/** What lists show: "lpat_abcd" and "wxyz", joined as "lpat_abcd…wxyz". */
export function tokenDisplayParts(token: string): { prefix: string; last4: string } {
  return { prefix: token.slice(0, TOKEN_PREFIX.length + 4), last4: token.slice(-4) };
}
