import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, sha256Hex } from "@/lib/crypto/secrets";

const key = randomBytes(32);

describe("sealed secrets", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = encryptSecret("sk-live-very-secret", key);
    expect(sealed).not.toContain("very-secret");
    expect(decryptSecret(sealed, key)).toBe("sk-live-very-secret");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", key)).not.toBe(encryptSecret("same", key));
  });

  it("refuses a tampered ciphertext or another key", () => {
    const sealed = encryptSecret("value", key);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
    expect(() => decryptSecret("plain-text", key)).toThrow(/Not a sealed secret/);
  });

  it("hashes with SHA-256", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
