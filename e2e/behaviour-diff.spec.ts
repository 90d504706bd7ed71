import { expect, test } from "@playwright/test";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// Issue 16, behaviour diff in the browser: a reviewer opens a draft_email fork's version page,
// picks a finished run, replays its leads through the fork by keyboard and reads each draft beside
// the one the run wrote. Nothing is sent and the run's drafts stay as they were.

test.afterAll(closeLib);

test("a fork's version page replays a finished run and shows the drafts that changed", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e replay ${tag}`);
  const csv = await serveCsv(leads("good"));
  const run = await startRun(await demoWorkspaceId(), csv.url, "draft_email");
  const drafts = await draftsOf(run.id, 3);
  await expect
    .poll(() => withDb(async (db) => (await db.query(`SELECT status FROM runs WHERE id = $1`, [run.id])).rows[0].status), { timeout: 30_000 })
    .toBe("completed");

  const production = (await (await request.get("/v1/prompts/draft_email", { headers: bearer(token) })).json()).version as string;
  const label = `${production}-brief${tag}`;
  const fork = await request.post("/v1/prompts/draft_email/fork", {
    headers: bearer(token),
    data: {
      from: production,
      as: label,
      user_template: "Subject: A quick idea for {{company}}\n\nHi {{first_name}},\n\n{{signal_sentence}}\n\nBest,\n{{sender_name}}",
    },
  });
  expect(fork.status(), await fork.text()).toBe(201);

  const page = await browser.newPage();
  await signIn(page, DEMO.reviewer, `/prompts/${encodeURIComponent("draft_email@demo")}/versions/${label}`);
  const panel = page.getByRole("region", { name: "Behaviour on a real run" });
  await expect(panel).toContainText("Not replayed yet.");
  await panel.getByLabel("Run").selectOption(run.id);
  const count = panel.getByLabel("Leads");
  await count.fill("");
  await count.pressSequentially("3");
  await panel.getByRole("button", { name: "Replay without sending" }).focus();
  await page.keyboard.press("Enter");

  await expect(panel.getByTestId("replay-summary")).toContainText(`3 of 3 drafts differ from run ${run.id}`, { timeout: 60_000 });
  await expect(panel.getByTestId("replay-summary")).toContainText("Nothing was sent.");
  const first = panel.getByTestId("replay-result").first();
  await expect(first).toContainText("changed");
  const answers = first.getByRole("region", { name: /^Answers for / });
  await expect(answers).toContainText("Subject: A quick idea for");
  await expect(answers).toContainText(`draft_email@demo ${label}`);
  await screenshots(page, "behaviour-diff");

  // The run's drafts are untouched and none was sent.
  const after = await withDb(async (db) => (await db.query(`SELECT d.id, d.status, d.subject FROM drafts d WHERE d."runId" = $1`, [run.id])).rows);
  expect(after.map((d) => d.status).sort()).toEqual(["awaiting_review", "awaiting_review", "awaiting_review"]);
  expect(after.some((d) => String(d.subject).startsWith("A quick idea for"))).toBe(false);
  expect(after.map((d) => d.id).sort()).toEqual(drafts.map((d) => d.id).sort());

  // A viewer reads the same result but has no form.
  const viewer = await browser.newPage();
  await signIn(viewer, DEMO.viewer, `/prompts/${encodeURIComponent("draft_email@demo")}/versions/${label}`);
  const viewerPanel = viewer.getByRole("region", { name: "Behaviour on a real run" });
  await expect(viewerPanel.getByTestId("replay-summary")).toContainText("3 of 3 drafts differ");
  await expect(viewerPanel.getByRole("button", { name: "Replay without sending" })).toHaveCount(0);

  // The prompt page compares its versions with this workspace's leads: the run's version has drafts.
  await viewer.goto("/prompts/draft_email");
  const outcomes = viewer.getByRole("region", { name: "How its versions did in this workspace" });
  const row = outcomes.getByRole("row", { name: new RegExp(`^${production.replaceAll(".", "\\.")} `) });
  await expect(row).toBeVisible();
  expect(Number((await row.getByRole("cell").first().innerText()).replace(/\D/g, ""))).toBeGreaterThanOrEqual(3);
  await screenshots(viewer, "prompt-outcomes");
  await csv.close();
});
