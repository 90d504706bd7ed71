import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";

// Contract §12 over /v1: a campaign's sender_ids and schedule, a lead's time_zone, and
// GET /campaigns/{id}/forecast. Sending through senders, caps and windows run against real SMTP
// servers and worker processes in tests/integration/sender-schedules.test.ts.

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("schedules");
  other = await testWorkspace("schedules-other");
});

const senderBody = (email: string, daily_cap: number | null) => ({
  from_email: email,
  relay: { host: "smtp.example.com", port: 587 },
  daily_cap,
  ...(daily_cap ? { ramp: { start: 1, step_per_day: 1 } } : {}),
});
const WINDOW = { time_zone: "Europe/Berlin", days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" };
const paths = (answer: ApiAnswer) => ((answer.body.errors ?? []) as { path: string }[]).map((error) => error.path);

describe("campaign senders and schedule", () => {
  it("are set on create and PATCH, returned, and the forecast names the campaign's senders and their caps today", async () => {
    const a = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: senderBody("ann@schedules.example", 40) });
    const b = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: senderBody("bob@schedules.example", null) });
    expect([a.status, b.status]).toEqual([201, 201]);
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Windowed", pack: "saas-outbound", sender_ids: [a.body.id], schedule: WINDOW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ sender_ids: [a.body.id], schedule: WINDOW });
    const id = created.body.id as string;

    const forecast = await call("GET", `/v1/campaigns/${id}/forecast`, { token: ws.tokens.viewer });
    expect(forecast.status).toBe(200);
    expect(forecast.body).toEqual({
      per_step: [{ step: 1, pending: 0, held: 0, scheduled_first: null, expected_last: null }],
      // A viewer reads each sender's address here (it may not read the senders list: issue 33).
      per_sender: [{ sender_id: a.body.id, from_email: "ann@schedules.example", from_name: null, status: "active", cap_today: 1, scheduled_today: 0 }], // a ramp starting at 1
    });

    // Empty: every enabled sender. null schedule: any time.
    const patched = await call("PATCH", `/v1/campaigns/${id}`, { token: ws.tokens.admin, body: { sender_ids: [], schedule: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ sender_ids: [], schedule: null });
    const all = await call("GET", `/v1/campaigns/${id}/forecast`, { token: ws.tokens.viewer });
    expect(all.body.per_sender).toEqual([
      { sender_id: a.body.id, from_email: "ann@schedules.example", from_name: null, status: "active", cap_today: 1, scheduled_today: 0 },
      { sender_id: b.body.id, from_email: "bob@schedules.example", from_name: null, status: "active", cap_today: null, scheduled_today: 0 },
    ]);
  });

  it("refuses an unknown or foreign sender, a bad zone and a backwards window (422 naming the field); 404 for another workspace's forecast", async () => {
    const foreign = await call("POST", "/v1/senders", { token: other.tokens.admin, body: senderBody("eve@other.example", 5) });
    const campaign = await call("POST", "/v1/campaigns", { token: ws.tokens.admin, body: { name: "Plain", pack: "saas-outbound" } });
    expect(campaign.body).toMatchObject({ sender_ids: [], schedule: null });
    const id = campaign.body.id as string;
    const bad = [
      [{ sender_ids: [foreign.body.id] }, "sender_ids.0"],
      [{ sender_ids: ["sdr_nope"] }, "sender_ids.0"],
      [{ schedule: { ...WINDOW, time_zone: "Mars/Olympus" } }, "schedule.time_zone"],
      [{ schedule: { ...WINDOW, start: "18:00" } }, "schedule.end"],
      [{ schedule: { ...WINDOW, days: ["someday"] } }, "schedule.days.0"],
    ] as const;
    for (const [body, path] of bad) {
      const answer = await call("PATCH", `/v1/campaigns/${id}`, { token: ws.tokens.admin, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(paths(answer)).toContain(path);
    }
    expect((await call("GET", `/v1/campaigns/${id}/forecast`, { token: other.tokens.admin })).status).toBe(404);
    expect((await call("PATCH", `/v1/campaigns/${id}`, { token: ws.tokens.viewer, body: { schedule: null } })).status).toBe(403);
  });

  it("a lead takes an IANA time_zone", async () => {
    const lead = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "tz@schedules.example", time_zone: "America/New_York" } });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    expect(lead.body.time_zone).toBe("America/New_York");
    const bad = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "tz2@schedules.example", time_zone: "Nowhere/Else" } });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toContain("time_zone");
  });
});
