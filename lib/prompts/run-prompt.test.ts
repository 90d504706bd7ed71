import { describe, expect, it } from "vitest";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { EMPTY_OFFER } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import { leadMessages, replyMessages } from "@/lib/prompts/prompt-input";
import { localTarget, promptTarget, runPrompt, type LeadInput, type RunnableVersion } from "@/lib/prompts/run-prompt";

// runPrompt on the built-in local engine (no network, no database: a `local/…` target is never
// looked up), the two ways the engine reads a version, the messages a hosted model would be sent,
// and a provider the workspace does not have. The hosted providers are in
// tests/integration/run-prompt.test.ts, against real HTTP servers.

const version = (userTemplate: string, system = "You judge one lead against the ideal customer profile."): RunnableVersion => ({
  version: "v9.0.0",
  modelDefault: "local/leadpipe-2",
  system,
  userTemplate,
  prompt: { name: "qualify" },
});
const lead: LeadInput = {
  facts: {
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    title: "VP Engineering",
    company: "Analytical",
    industry: "software",
    employees: 300,
    country: "GB",
    notes: "Hiring engineers",
  },
  signals: { seniority: "vp" },
  context: { icp: SAAS_OUTBOUND_ICP, offer: { ...EMPTY_OFFER, product: "LeadPipe" }, senderName: "Sam" },
};
const local = localTarget("leadpipe-2");
const noUsage = { inputTokens: 0, outputTokens: 0, costMicros: 0 };

describe("runPrompt on the local engine", () => {
  it("answers every batch stage in its contract, with the trace's facts and no tokens or cost", async () => {
    const signals = await runPrompt("extract_signals", version('Lead: {{title}}.\nReturn {"seniority": string, "department": string}.'), lead, local);
    expect(signals).toMatchObject({
      kind: "done",
      provider: "local",
      model: "leadpipe-2",
      output: { stage: "extract_signals", signals: { seniority: "vp", department: "engineering" } },
      ...noUsage,
    });
    expect(signals.kind === "done" && Object.keys(signals.output.stage === "extract_signals" ? signals.output.signals : {})).toEqual([
      "seniority",
      "department",
    ]);
    expect(signals.kind !== "later" && signals.latencyMs).toBeGreaterThanOrEqual(0);

    // In the contract the engine sees the whole lead, whatever the template names.
    const qualified = await runPrompt("qualify", version("Lead: {{company}}."), lead, local);
    expect(qualified).toMatchObject({ kind: "done", output: { stage: "qualify", ...qualifyLead(lead.facts, lead.signals!, SAAS_OUTBOUND_ICP) }, ...noUsage });

    const drafted = await runPrompt(
      "draft_email",
      version("Subject: A note for {{first_name}}\nHi {{first_name}}, {{product}} helps {{company}}.\n{{sender_name}}", "Write a short email."),
      lead,
      local,
    );
    expect(drafted).toMatchObject({ kind: "done", output: { stage: "draft_email", subject: "A note for Ada" } });
    expect(drafted.kind === "done" && drafted.output.stage === "draft_email" && drafted.output.body).toContain("LeadPipe helps Analytical");
    expect("answer" in drafted).toBe(false);
  });

  it("classifies a reply with the local rules, among the categories the version lists", async () => {
    const track = version("From {{from}}: {{text}}", "Classify a reply. Categories: interested, unsubscribe, other.");
    const reply = { from: "ada@example.com", subject: "Re: hello", text: "Please remove me from your list." };
    const ran = await runPrompt("track", track, reply, local);
    expect(ran).toMatchObject({ kind: "done", provider: "local", output: classifyReply(reply, track.system), ...noUsage });
    expect(ran.kind === "done" && ran.output.classification).toBe("unsubscribe");
    // A category the version does not list is never answered.
    const meeting = await runPrompt("track", track, { ...reply, text: "Can we book a call on Tuesday?" }, local);
    expect(meeting.kind === "done" && meeting.output.classification).toBe("other");
  });

  it("reads the version as written for evaluations: only the named fields, the Return line's keys, checked against the contract", async () => {
    // The template names neither the title nor the signals: the engine does not see them.
    const blind = await runPrompt("qualify", version('Lead at {{company}} ({{industry}}).\nReturn {"qualified": boolean, "score": number}.'), lead, local, {
      asWritten: true,
    });
    expect(blind).toMatchObject({ kind: "done", output: { stage: "qualify" } });
    if (blind.kind !== "done") throw new Error("not done");
    expect(blind.answer).toEqual({ qualified: expect.any(Boolean), score: expect.any(Number) });
    const sees = await runPrompt(
      "qualify",
      version('Lead: {{title}} at {{company}} ({{industry}}, {{employees}}, {{country}}), {{signals}}.\nReturn {"qualified": boolean, "score": number}.'),
      lead,
      local,
      { asWritten: true },
    );
    expect(sees.kind === "done" && sees.output.stage === "qualify" && sees.output.score).toBeGreaterThan(
      blind.output.stage === "qualify" ? blind.output.score : 100,
    );

    // A version that asks for another shape gets that shape, which breaks qualify's contract.
    const fit = await runPrompt("qualify", version('Lead: {{title}}.\nReturn {"fit": string}.'), lead, local, { asWritten: true });
    expect(fit).toMatchObject({ kind: "invalid", provider: "local", message: "The answer breaks the stage's JSON output contract.", answer: {}, ...noUsage });

    const track = version('{{text}}\nReturn {"classification": string}.', "Classify a reply. Categories: interested, question, other.");
    const classified = await runPrompt("track", track, { from: "", subject: "", text: "Tell me more, sounds interesting" }, local, { asWritten: true });
    expect(classified).toMatchObject({ kind: "done", output: { classification: "interested" }, answer: { classification: "interested" } });
  });

  it("fails a prompt whose provider the workspace does not have, without calling anything", async () => {
    const ran = await runPrompt("qualify", { ...version("{{company}}"), modelDefault: "claude/sonnet" }, lead, {
      slug: "claude",
      model: "sonnet",
      provider: null,
    });
    expect(ran).toEqual({
      kind: "failed",
      provider: "claude",
      model: "sonnet",
      code: "provider_not_configured",
      latencyMs: 0,
      ...noUsage,
      message: 'The prompt qualify v9.0.0 names provider "claude", which this workspace does not have.',
    });
  });

  it("resolves a local model reference without the database", async () => {
    expect(await promptTarget("ws_none", "local/leadpipe-2")).toEqual({ slug: "local", model: "leadpipe-2", provider: null });
  });
});

describe("the messages a hosted model is sent", () => {
  it("render the user_template with the lead, its signals, the ICP and the offer; a draft asks for JSON", () => {
    const draft = version("Hi {{first_name}} of {{company}}. Signals: {{signals}}. We sell {{product}}; {{sender_name}} signs.", "Write a short email.");
    const messages = leadMessages("draft_email", draft, lead);
    expect(messages.user).toBe('Hi Ada of Analytical. Signals: {"seniority":"vp"}. We sell LeadPipe; Sam signs.');
    // The answer's format asks for each sentence's sources by the keys of this lead's own facts (contract §13).
    expect(messages.system).toMatch(
      /^Write a short email\.\n\nAnswer with JSON only: \{"subject": string, "body": string, "evidence": \[\{"sentence": string, "sources": \[string\]\}\]\}\.\nIn "evidence", give each sentence/,
    );
    expect(messages.system).toContain("from: lead.first_name, lead.last_name, lead.email, lead.company, lead.title");
    expect(messages.system).toContain("note, ");
    expect(messages.system).toContain("signal.seniority");
    expect(messages.system).toContain("offer.product");
    expect(leadMessages("qualify", version("ICP: {{icp}}"), lead)).toEqual({ system: version("").system, user: `ICP: ${JSON.stringify(SAAS_OUTBOUND_ICP)}` });
  });

  it("render a reply's from, subject and text for track, with the version's system text as it is", () => {
    const track = version("From {{from}} ({{subject}}): {{text}}", "Classify a reply.");
    expect(replyMessages(track, { from: "ada@example.com", subject: "Re: hi", text: "Yes please" })).toEqual({
      system: "Classify a reply.",
      user: "From ada@example.com (Re: hi): Yes please",
    });
  });
});
