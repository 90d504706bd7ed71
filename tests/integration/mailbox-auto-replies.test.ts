import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { pointMailboxAt, replyMessage, sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Reading replies right through the real path (issue 37, contract §13): messages dropped into a
// private dovecot are read over IMAP by a worker, classified by the local rules and applied to the
// leads' sequences. A German out-of-office pauses the sequence until its return date (it does not
// end it); a ticket system's acknowledgement (Auto-Submitted: auto-replied) is an auto_reply that
// leaves it running; a German refusal above an Outlook "Von: … Gesendet: …" block quoting our pitch
// is read from the person's words only; an answer written below the quote keeps its words.

let dovecot: Dovecot;
let worker: Spawned | undefined;

const MONTHS_DE = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("track").obliterate({ force: true });
  dovecot = await startDovecot(["auto"]);
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGTERM");
    await worker.exited;
  }
  await dovecot?.stop();
  await closeQueues();
});

describe("automatic answers and quoted history over IMAP", () => {
  it("pauses on a German out-of-office, keeps running on an auto_reply, reads only the person's words", async () => {
    const { workspaceId, runId, leads } = await sentWorkspace("auto-replies", 4);
    // A run with a second step: each lead's sequence is active, its follow-up three days away.
    const followUpAt = new Date(Date.now() + 3 * 86_400_000);
    await db().run.update({ where: { id: runId }, data: { steps: [{ step: 2, wait: "3d", waitSeconds: 259_200 }] } });
    await db().runLead.updateMany({ where: { runId }, data: { sequenceStatus: "active", sequenceStep: 1, nextAt: followUpAt } });
    await pointMailboxAt(workspaceId, dovecot, "auto");

    const back = new Date(Date.now() + 10 * 86_400_000);
    const backDe = `${back.getUTCDate()}. ${MONTHS_DE[back.getUTCMonth()]} ${back.getUTCFullYear()}`;
    await dovecot.append(
      "auto",
      replyMessage(
        leads[0],
        `Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich ${backDe} nicht im Büro und habe keinen Zugriff auf meine E-Mails.`,
        "in-reply-to",
        "Abwesenheitsnotiz: Quick question",
        ["Auto-Submitted: auto-replied"],
      ),
    );
    await dovecot.append(
      "auto",
      replyMessage(
        leads[1],
        "Vielen Dank für Ihre Nachricht. Ihre Anfrage ist bei uns eingegangen und wird unter der Ticketnummer 4471 bearbeitet.",
        "in-reply-to",
        "[#4471] Ihre Anfrage",
        ["Auto-Submitted: auto-replied"],
      ),
    );
    await dovecot.append(
      "auto",
      replyMessage(
        leads[2],
        "Nein danke, kein Bedarf.\n\nMit freundlichen Grüßen\nAnna Schmidt\n\nVon: Sam <sam@sender.example>\nGesendet: Montag, 2. März 2026 10:00\nAn: Anna Schmidt\nBetreff: Quick question\n\nHallo Anna, wäre eine Demo interessant? Gerne vereinbaren wir einen Termin.",
      ),
    );
    await dovecot.append(
      "auto",
      replyMessage(
        leads[3],
        "On Mon, 2 Mar 2026 at 10:00, Sam <sam@sender.example> wrote:\n> Would a demo be interesting?\n> Sam\n\nYes, interesting. Please send me pricing.",
      ),
    );

    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "300" });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });

    const replies = await eventually(
      async () => {
        const rows = await db().reply.findMany({ where: { workspaceId, classifiedAt: { not: null } } });
        return rows.length === 4 ? new Map(rows.map((row) => [row.draftId, row])) : null;
      },
      { timeoutMs: 60_000, everyMs: 200 },
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${worker?.output().slice(-3000)}`);
    });
    expect(replies.get(leads[0].draftId)).toMatchObject({ classification: "out_of_office", autoSubmitted: "auto-replied" });
    expect(replies.get(leads[1].draftId)).toMatchObject({ classification: "auto_reply", autoSubmitted: "auto-replied" });
    expect(replies.get(leads[2].draftId)).toMatchObject({ classification: "not_interested", autoSubmitted: null });
    expect(replies.get(leads[2].draftId)!.text).toBe("Nein danke, kein Bedarf.\n\nMit freundlichen Grüßen");
    expect(replies.get(leads[3].draftId)).toMatchObject({ classification: "interested", text: "Yes, interesting. Please send me pricing." });

    const sequences = new Map(
      (await db().runLead.findMany({ where: { runId }, include: { lead: { select: { status: true } } } })).map((row) => [row.leadId, row]),
    );
    // Paused until the start of the return day (UTC: no schedule, no lead zone), not ended.
    const ooo = sequences.get(leads[0].leadId)!;
    expect(ooo).toMatchObject({ sequenceStatus: "paused", sequenceEndedReason: null });
    expect(ooo.nextAt!.toISOString().slice(0, 10)).toBe(back.toISOString().slice(0, 10));
    // The acknowledgement changes nothing: still active, the follow-up still due, the lead not "replied".
    expect(sequences.get(leads[1].leadId)).toMatchObject({ sequenceStatus: "active", sequenceEndedReason: null, nextAt: followUpAt });
    expect(sequences.get(leads[1].leadId)!.lead.status).toBe("sent");
    for (const lead of [leads[2], leads[3]]) expect(sequences.get(lead.leadId)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "replied" });

    const events = await db().event.findMany({ where: { workspaceId, type: "reply.received" } });
    expect(events.map((event) => (event.data as { classification: string }).classification).sort()).toEqual([
      "auto_reply",
      "interested",
      "not_interested",
      "out_of_office",
    ]);
  }, 240_000);
});
