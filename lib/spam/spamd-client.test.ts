import net from "node:net";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { composeMessage } from "@/lib/sending/smtp-delivery";
import { checkMessage, parseReportRules, parseSpamHeader, pingSpamd, SpamdError } from "@/lib/spam/spamd-client";
import { CLEAN_DRAFT, SPAMMY_DRAFT } from "@/lib/spam/test-messages";

// Against the real spamd that `npm test` starts (scripts/lib/spamd.mjs: Debian's spamassassin,
// local tests only, no Bayes), at SPAMD_HOST:SPAMD_PORT.

const spamd = { host: config().SPAMD_HOST, port: config().SPAMD_PORT };

const message = (draft: { subject: string; body: string }) =>
  composeMessage({
    from: { name: "Ada Lovelace", address: "ada@northwind.example" },
    to: "grace@contoso.example",
    subject: draft.subject,
    text: draft.body,
    headers: { "List-Unsubscribe": "<https://app.example/unsubscribe/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("spamd client (real spamd)", () => {
  it("answers PING", async () => {
    expect(await pingSpamd(spamd)).toBe(true);
  });

  it("scores a plain, personal email below 2", async () => {
    const verdict = await checkMessage(spamd, await message(CLEAN_DRAFT));
    expect(verdict.isSpam).toBe(false);
    expect(verdict.threshold).toBe(5);
    expect(verdict.score).toBeLessThan(2);
  });

  it("scores a spam-laden email above 5 and names the rules that fired", async () => {
    const verdict = await checkMessage(spamd, await message(SPAMMY_DRAFT));
    expect(verdict.isSpam).toBe(true);
    expect(verdict.score).toBeGreaterThan(5);
    const names = verdict.rules.map((rule) => rule.name);
    expect(names).toEqual(expect.arrayContaining(["SUBJ_ALL_CAPS"]));
    // Highest points first, each with its description.
    expect(verdict.rules.map((rule) => rule.score)).toEqual([...verdict.rules.map((rule) => rule.score)].sort((a, b) => b - a));
    expect(verdict.rules.every((rule) => rule.description.length > 0)).toBe(true);
  });

  it("scores messages side by side (spamd's children)", async () => {
    const raws = await Promise.all([message(CLEAN_DRAFT), message(SPAMMY_DRAFT), message(CLEAN_DRAFT), message(SPAMMY_DRAFT)]);
    const verdicts = await Promise.all(raws.map((raw) => checkMessage(spamd, raw)));
    expect(verdicts.map((v) => v.isSpam)).toEqual([false, true, false, true]);
  });

  it("says unreachable when nothing listens", async () => {
    const error = await checkMessage({ host: "127.0.0.1", port: await closedPort() }, await message(CLEAN_DRAFT)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpamdError);
    expect((error as SpamdError).unreachable).toBe(true);
    expect(await pingSpamd({ host: "127.0.0.1", port: await closedPort() })).toBe(false);
  });

  it("times out on a server that never answers", async () => {
    const server = net.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    try {
      const { port } = server.address() as net.AddressInfo;
      const error = await checkMessage({ host: "127.0.0.1", port, timeoutMs: 300 }, Buffer.from("Subject: x\r\n\r\nx")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpamdError);
      expect((error as SpamdError).unreachable).toBe(false);
      expect((error as Error).message).toMatch(/did not answer in time/);
    } finally {
      server.close();
    }
  });
});

describe("spamd protocol parsing", () => {
  it("reads the Spam header", () => {
    expect(parseSpamHeader("True ; 7.2 / 5.0")).toEqual({ isSpam: true, score: 7.2, threshold: 5 });
    expect(parseSpamHeader("False ; -0.1 / 5.0")).toEqual({ isSpam: false, score: -0.1, threshold: 5 });
    expect(parseSpamHeader("Yes ; 12.0 / 5.0").isSpam).toBe(true);
    expect(() => parseSpamHeader(undefined)).toThrow(SpamdError);
    expect(() => parseSpamHeader("maybe")).toThrow(SpamdError);
  });

  it("reads a REPORT table, wrapped descriptions and negative points included", () => {
    const report = [
      'Spam detection software, running on the system "x",',
      "has identified this incoming email as possible spam.",
      "",
      "Content analysis details:   (7.4 points, 5.0 required)",
      "",
      " pts rule name              description",
      "---- ---------------------- --------------------------------------------------",
      " 0.5 SUBJ_ALL_CAPS          Subject is all capitals",
      " 2.7 DEAR_FRIEND            BODY: Dear Friend? That's not very dear!",
      "-0.1 DKIM_VALID             Message has at least one valid DKIM or DK",
      "                            signature",
      " 0.0 NO_RELAYS              Informational: message was not relayed via SMTP",
      "",
    ].join("\n");
    expect(parseReportRules(report)).toEqual([
      { name: "DEAR_FRIEND", score: 2.7, description: "BODY: Dear Friend? That's not very dear!" },
      { name: "SUBJ_ALL_CAPS", score: 0.5, description: "Subject is all capitals" },
      { name: "NO_RELAYS", score: 0, description: "Informational: message was not relayed via SMTP" },
      { name: "DKIM_VALID", score: -0.1, description: "Message has at least one valid DKIM or DK signature" },
    ]);
    expect(parseReportRules("no table here")).toEqual([]);
  });
});
