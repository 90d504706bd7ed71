import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken } from "@/lib/suppressions/unsubscribe-token";

// The token is the only thing standing between a stranger and someone else's suppression: it must
// name exactly one workspace and one address, and any change to it must be refused.

const [version, payload, signature] = unsubscribeToken("ws_a", "A@X.example").split(".");
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as { w: string; e: string };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("unsubscribe tokens", () => {
  it("name the workspace and the exact (lower-cased) address they were made for", () => {
    expect(version).toBe("u1");
    expect(readUnsubscribeToken(`${version}.${payload}.${signature}`)).toEqual({ workspaceId: "ws_a", email: "a@x.example" });
    expect(decode(payload)).toEqual({ w: "ws_a", e: "a@x.example" });
  });

  it("a token for a@x cannot be turned into one for b@x (nor another workspace) by editing its payload", () => {
    expect(readUnsubscribeToken(`u1.${encode({ w: "ws_a", e: "b@x.example" })}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`u1.${encode({ w: "ws_b", e: "a@x.example" })}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`u1.${encode({ w: "ws_a", e: "a@x.example", extra: 1 })}.${signature}`)).toBeNull();
    // The genuine token for b@x is a different one: its signature does not fit a@x's payload either.
    const [, otherPayload, otherSignature] = unsubscribeToken("ws_a", "b@x.example").split(".");
    expect(otherSignature).not.toBe(signature);
    expect(readUnsubscribeToken(`u1.${payload}.${otherSignature}`)).toBeNull();
    expect(readUnsubscribeToken(`u1.${otherPayload}.${signature}`)).toBeNull();
  });

  it("refuses a token with any single character changed, and malformed ones, without throwing", () => {
    const token = `${version}.${payload}.${signature}`;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let changed = 0;
    for (let at = 3; at < token.length; at += 1) {
      if (token[at] === ".") continue;
      const replacement = alphabet[(alphabet.indexOf(token[at]) + 1) % alphabet.length];
      expect(readUnsubscribeToken(token.slice(0, at) + replacement + token.slice(at + 1)), `position ${at}`).toBeNull();
      changed += 1;
    }
    expect(changed).toBeGreaterThan(40);
    for (const bad of [
      "",
      "u1",
      "u1..",
      `u2.${payload}.${signature}`,
      `u1.${payload}`,
      `u1.${payload}.${signature}x`,
      `u1.${payload}.${"é".repeat(22)}`,
      `u1.${encode("not an object")}.${signature}`,
      `u1.${payload}.${signature}.more`,
      "u1." + "A".repeat(2000) + "." + signature,
    ]) {
      expect(readUnsubscribeToken(bad), bad.slice(0, 40)).toBeNull();
    }
  });

  it("go into the List-Unsubscribe header as an HTTPS link on APP_URL, with the one-click header", () => {
    const headers = unsubscribeHeaders("ws_a", "a@x.example", "sam@sender.example");
    const link = /^<([^>]+)>, <mailto:sam@sender\.example\?subject=unsubscribe>$/.exec(headers["List-Unsubscribe"])![1];
    expect(readUnsubscribeToken(link.slice(link.lastIndexOf("/") + 1))).toEqual({ workspaceId: "ws_a", email: "a@x.example" });
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});
