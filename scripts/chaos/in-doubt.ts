// Sends in doubt during the chaos run (docs/reliability.md, "Sending exactly once"): a worker killed
// after a send reached `committing` leaves it `in_doubt`, and the run `sending`, until someone
// resolves it. The driver is that someone, over /v1 as a reviewer would be: it lists the run's
// in-doubt sends (GET /v1/sends?status=in_doubt&run_id=…) and resolves each from what the relay
// (the SMTP sink) holds: its Message-ID arrived → `sent`, it did not → `resend` (same Message-ID).
import type { ReceivedMail } from "../../tests/helpers/smtp-sink";
import { expectStatus, type Api } from "./api";

export type Resolution = { messageId: string; outcome: "sent" | "resend"; status: number };

type SendJson = { id: string; message_id: string };

export async function resolveInDoubt(api: Api, token: string, runId: string, mails: ReceivedMail[], resolutions: Map<string, Resolution>): Promise<void> {
  const page = expectStatus(await api.call("GET", `/v1/sends?status=in_doubt&run_id=${runId}&limit=100`, token), "list the sends in doubt", 200);
  const atSink = new Set(mails.map((mail) => mail.headers.get("message-id")));
  for (const send of page.body.data as SendJson[]) {
    const outcome = atSink.has(send.message_id) ? "sent" : "resend";
    // 409: resolved a moment ago (our own earlier try whose answer the web process lost).
    const answer = expectStatus(await api.call("POST", `/v1/sends/${send.id}/resolve`, token, { outcome }), `resolve ${send.id}`, 200, 409);
    if (!resolutions.has(send.id) || answer.status === 200) resolutions.set(send.id, { messageId: send.message_id, outcome, status: answer.status });
  }
}
