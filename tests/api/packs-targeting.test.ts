import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { sameOrigin, signInAs } from "../helpers/web-session";

// A workspace pack's targeting (contract §12 "A team's day"): PATCH /packs/{slug} `icp`, each rule
// checked and a malformed one named (422); and the launcher's forecast over the first CSV rows
// (POST /api/web/packs/{slug}/predict), which runs the pack's qualify and writes nothing.

let ws: TestWorkspace;
let slug: string;
let session: Record<string, string>;

const DENTAL = {
  ...SAAS_OUTBOUND_ICP,
  titles: { include: ["Practice Manager", "Office Manager", "Owner"], exclude: ["Intern"] },
  seniority: ["c_level", "manager"],
  industries: ["Dental"],
  employees: { min: 2, max: 200 },
  countries: ["US", "CA"],
  required: ["company"],
  weights: { title: 40, industry: 30, employees: 15, country: 10, signals: 5 },
  min_score: 70,
};

beforeAll(async () => {
  ws = await testWorkspace("packs-icp");
  const fork = await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "dental" } });
  expect(fork.status).toBe(201);
  slug = "dental";
  session = sameOrigin(await signInAs(ws.users.admin));
});

describe("pack targeting", () => {
  it("saves a workspace pack's profile, reads it back and audits what changed", async () => {
    const saved = await call("PATCH", `/v1/packs/${slug}`, { token: ws.tokens.admin, body: { icp: DENTAL } });
    expect(saved.status).toBe(200);
    expect(saved.body.icp).toEqual(DENTAL);
    expect((await call("GET", `/v1/packs/${slug}`, { token: ws.tokens.viewer })).body.icp).toEqual(DENTAL);

    const audit = await call("GET", "/v1/audit?action=pack.updated", { token: ws.tokens.viewer });
    const entry = audit.body.data![0].data as Record<string, unknown>;
    expect(entry).toMatchObject({
      slug,
      fields: ["icp"],
      icp: { industries: { from: SAAS_OUTBOUND_ICP.industries, to: ["Dental"] }, min_score: { from: 60, to: 70 } },
    });
  });

  it("refuses malformed rules with 422 naming each field, and leaves the profile as it was", async () => {
    const bad = await call("PATCH", `/v1/packs/${slug}`, {
      token: ws.tokens.admin,
      body: {
        icp: {
          ...DENTAL,
          titles: { include: ["Practice Manager", ""], exclude: [] },
          seniority: ["boss"],
          countries: ["usa"],
          employees: { min: 300, max: 20 },
          required: ["email"],
          min_score: 101,
        },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect((bad.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      "icp.countries.0",
      "icp.min_score",
      "icp.required.0",
      "icp.seniority.0",
      "icp.titles.include.1",
    ]);
    // The cross-field rules are checked once each field is well-formed.
    const sizes = await call("PATCH", `/v1/packs/${slug}`, { token: ws.tokens.admin, body: { icp: { ...DENTAL, employees: { min: 300, max: 20 } } } });
    expect(sizes.status).toBe(422);
    expect(sizes.body.errors).toEqual([expect.objectContaining({ path: "icp.employees.max" })]);
    const missing = await call("PATCH", `/v1/packs/${slug}`, { token: ws.tokens.admin, body: { icp: { titles: { include: [] } } } });
    expect(missing.status).toBe(422);
    expect((missing.body.errors as { path: string }[]).map((e) => e.path)).toEqual(expect.arrayContaining(["icp.employees", "icp.weights", "icp.min_score"]));
    expect((await call("GET", `/v1/packs/${slug}`, { token: ws.tokens.viewer })).body.icp).toEqual(DENTAL);
  });

  it("keeps built-in packs read-only and the profile an admin's to change", async () => {
    expect((await call("PATCH", "/v1/packs/saas-outbound", { token: ws.tokens.admin, body: { icp: DENTAL } })).status).toBe(409);
    expect((await call("PATCH", `/v1/packs/${slug}`, { token: ws.tokens.reviewer, body: { icp: DENTAL } })).status).toBe(403);
  });

  it("forecasts which CSV rows would qualify with the pack's qualify stage, writing nothing", async () => {
    const count = () =>
      Promise.all([
        db().lead.count({ where: { workspaceId: ws.workspace.id } }),
        db().run.count({ where: { workspaceId: ws.workspace.id } }),
        db().auditEntry.count({ where: { workspaceId: ws.workspace.id } }),
      ]);
    const before = await count();
    const header = ["email", "first_name", "title", "company", "industry", "employees", "country", "Clinic notes"];
    const rows = [
      ["maria@brightsmiles.example", "Maria", "Practice Manager", "Bright Smiles Dental", "Dental", "14", "US", "Hiring a hygienist"],
      ["tom@mapledental.example", "Tom", "Office Manager", "Maple Dental Care", "Dental clinic", "9", "CA", ""],
      ["sam@acme.example", "Sam", "Office Manager", "Acme Cloud", "Software", "400", "US", ""],
      ["lee@pearl.example", "Lee", "Practice Manager", "", "Dental", "6", "US", ""],
      ["not-an-email", "X", "Owner", "X Dental", "Dental", "3", "US", ""],
      ["jo@smileco.example", "Jo", "Dental Assistant", "SmileCo", "Dental", "20", "US", ""],
    ];
    const answer = await call("POST", `/api/web/packs/${slug}/predict`, { token: null, headers: session, body: { header, rows } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ pack: slug, rows: 6, qualified: 2, unreadable: 1 });
    const reasons = answer.body.reasons as { kind: string; count: number; examples: string[] }[];
    expect(reasons.map((r) => r.kind)).toEqual(
      expect.arrayContaining(["Required field missing", "Industry not targeted", "Company size out of range", "Seniority not targeted"]),
    );
    expect(reasons.find((r) => r.kind === "Required field missing")!.examples).toEqual(["Missing company, which the profile requires."]);
    const leads = answer.body.leads as { row: number; qualified: boolean }[];
    expect(leads.map((lead) => lead.qualified)).toEqual([true, true, false, false, false, false]);
    expect(await count()).toEqual(before);

    // Under the built-in SaaS pack the same dental rows do not qualify.
    const saas = await call("POST", "/api/web/packs/saas-outbound/predict", { token: null, headers: session, body: { header, rows } });
    expect(saas.body).toMatchObject({ qualified: 0 });

    const noEmail = await call("POST", `/api/web/packs/${slug}/predict`, { token: null, headers: session, body: { header: ["name"], rows: [["Maria"]] } });
    expect(noEmail.body).toMatchObject({ rows: 1, qualified: 0, unreadable: 1 });
    const tooMany = await call("POST", `/api/web/packs/${slug}/predict`, { token: null, headers: session, body: { header, rows: Array(51).fill(rows[0]) } });
    expect(tooMany.status).toBe(422);
    expect((tooMany.body.errors as { path: string }[])[0].path).toBe("rows");
    expect((await call("POST", "/api/web/packs/no-such-pack/predict", { token: null, headers: session, body: { header, rows } })).status).toBe(404);
  });
});
