import { expect, test, type Page } from "@playwright/test";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { axe, DEMO, signedIn, withDb } from "./support";

// axe-core (WCAG 2.1 A and AA) over every page of the app, signed in as an admin (who sees every
// control) and signed out for the sign-in page, at 1280×800 and 390×844, each page once its data
// has loaded. A run (with drafts), a campaign and a built-in eval set give the pages with an id
// something to show. Each page is a test of its own that lists every violation it finds. (The review queue and a draft's page are also checked with their risk
// badges and marks in review-risk.spec.ts; the inbox with a thread in inbox-answer.spec.ts.)

test.afterAll(closeLib);

const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 30_000 });
  // Loaded: no query is still showing its loading state.
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
  const found: string[] = [];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    // The one exclusion: react-diff-viewer-continued's folded-lines row puts its own button inside a
    // role=button cell (nested-interactive), markup we do not render; its text and gutters are checked.
    const result = await axe(page).exclude('[class*="code-fold"]').analyze();
    for (const v of result.violations) found.push(`${path} ${width}px ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

// One page shared by the tests, signed in once; each page of the app is its own test (after a
// failure Playwright starts a new worker, whose beforeAll signs in again, so the rest still run).
let page: Page;
const ids = { run: "", draft: "", campaign: "", evalSet: "" };
let closeCsv: () => Promise<void> = async () => undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv(leads("good"));
  closeCsv = csv.close;
  const run = await startRun(workspaceId, csv.url, "draft_email");
  const [draft] = await draftsOf(run.id, 3);
  const adminId = await withDb(async (db) => (await db.query(`SELECT id FROM users WHERE email = $1`, [DEMO.admin.email])).rows[0].id as string);
  const campaign = await createCampaign(
    workspaceId,
    { name: `Accessible ${Date.now().toString(36)}`, pack: "saas-outbound", steps: [{}, { wait: "P3D", prompt: "follow_up" }] },
    { userId: adminId, actor: { type: "system", id: "e2e", name: "e2e" } },
  );
  const evalSet = await withDb(async (db) => (await db.query(`SELECT id FROM eval_sets ORDER BY "createdAt" LIMIT 1`)).rows[0].id as string);
  Object.assign(ids, { run: run.id, draft: draft.id, campaign: campaign.id, evalSet });
  page = await (await browser.newContext()).newPage();
  await signedIn(page, DEMO.admin, "/");
});

test.afterAll(async () => {
  await page?.context().close();
  await closeCsv();
});

test("the sign-in page has no axe violations at 1280 and 390 px", async ({ page: signedOut }) => {
  expect(await violations(signedOut, "/login")).toEqual([]);
});

const PAGES: [string, () => string][] = [
  ["home", () => "/"],
  ["review queue", () => "/review"],
  ["draft", () => `/review/drafts/${ids.draft}`],
  ["inbox", () => "/inbox"],
  ["runs", () => "/runs"],
  ["run launcher", () => "/runs/new"],
  ["run", () => `/runs/${ids.run}`],
  ["run replies", () => `/runs/${ids.run}/replies`],
  ["campaigns", () => "/campaigns"],
  ["campaign", () => `/campaigns/${ids.campaign}`],
  ["packs", () => "/packs"],
  ["pack", () => "/packs/saas-outbound"],
  ["prompts", () => "/prompts"],
  ["prompt", () => "/prompts/draft_email"],
  ["prompt version", () => "/prompts/draft_email/versions/v1.5.0"], // with the check shares of the run's drafts
  ["eval sets", () => "/prompts/evals"],
  ["eval set", () => `/prompts/evals/${ids.evalSet}`],
  ["audit log", () => "/audit"],
  ["API reference", () => "/docs/api"],
  ["offer", () => "/settings/offer"],
  ["senders", () => "/settings/senders"],
  ["relay", () => "/settings/relay"],
  ["mailbox", () => "/settings/mailbox"],
  ["unmatched mail", () => "/settings/mailbox/unmatched"],
  ["members", () => "/settings/members"],
  ["providers", () => "/settings/providers"],
  ["suppressions", () => "/settings/suppressions"],
  ["tokens", () => "/settings/tokens"],
  ["sessions", () => "/settings/sessions"],
  ["webhooks", () => "/settings/webhooks"],
  ["dead letters", () => "/settings/webhooks/dead-letters"],
];

for (const [name, path] of PAGES) {
  test(`the ${name} page has no axe violations at 1280 and 390 px`, async () => {
    test.setTimeout(300_000); // axe over the API reference (every operation, two sizes) takes a minute or more on a loaded machine
    expect(await violations(page, path())).toEqual([]);
  });
}
