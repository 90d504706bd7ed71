import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

test("an admin views a built-in pack, forks it into the workspace and pins a forked prompt", async ({ page, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e packs ${Date.now()}`, "--user", DEMO.admin.email);
  const suffix = `pk${Date.now().toString(36)}`;
  const fork = await request.post("/v1/prompts/draft_email/fork", {
    headers: bearer(token),
    data: { from: "v1.2.0", as: `v1.2.0-${suffix}`, model_default: "local/leadpipe-1" },
  });
  expect(fork.status()).toBe(201);

  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packs" }).click();
  await expect(page.getByRole("heading", { name: "Packs", level: 1 })).toBeVisible();
  await screenshots(page, "packs-list");
  await page.getByRole("link", { name: "SaaS outbound", exact: true }).click();

  await expect(page.getByRole("heading", { name: "saas-outbound", level: 1 })).toBeVisible();
  const pins = page.getByRole("region", { name: "Prompts per stage" });
  await expect(pins).toContainText("Built-in packs are read-only");
  await expect(pins.getByRole("link", { name: "draft_email v1.5.0" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Ideal customer profile" })).toContainText("A lead qualifies at a score of");
  await screenshots(page, "pack-built-in");

  const slug = `saas-${suffix}`;
  const forkForm = page.getByRole("form", { name: "Fork into demo" });
  await forkForm.getByLabel("Slug").fill(slug);
  await forkForm.getByLabel("Name").fill(`SaaS ${suffix}`);
  await forkForm.getByRole("button", { name: "Fork pack" }).click();
  await expect(page).toHaveURL(new RegExp(`/packs/${slug}\\?forked=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Pack forked into demo" })).toBeVisible();

  const form = page.getByRole("form", { name: "Prompt pins" });
  await expect(form.getByLabel("draft_email")).toHaveValue("draft_email:v1.5.0");
  await form.getByLabel("draft_email").selectOption(`draft_email@demo:v1.2.0-${suffix}`);
  await expect(form.getByTestId("pin-approval")).toContainText("Not approved");
  await expect(form.getByLabel("draft_email").locator("option", { hasText: "draft_email v1.5.0" })).toHaveText("draft_email v1.5.0 · production");
  await form.getByRole("button", { name: "Save pins" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pins saved." })).toBeVisible();
  await screenshots(page, "pack-workspace");
  // The fork makes the pack's prompt set need a reviewer's approval (its runs are refused until then).
  // This admin created the fork: four eyes, so Approve is offered disabled, with the server's reason.
  const approval = page.getByRole("region", { name: "Approval of its prompt set" });
  await expect(approval).toContainText("Awaiting approval");
  const approve = approval.getByRole("button", { name: "Approve this prompt set" });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(
    `You created draft_email@demo v1.2.0-${suffix}, a fork in this prompt set; another reviewer must approve or reject it (four eyes).`,
  );
  const resolved = page.getByRole("list", { name: "Prompt set runs resolve" });
  await expect(resolved.getByTestId("resolved-draft_email")).toContainText(`draft_email@demo v1.2.0-${suffix}`);
  await expect(resolved.getByTestId("resolved-draft_email")).toContainText("pinned by this pack");

  const pack = await (await request.get(`/v1/packs/${slug}`, { headers: bearer(token) })).json();
  expect(pack).toMatchObject({
    owner: "workspace",
    parent: "saas-outbound",
    prompts: { draft_email: { name: "draft_email@demo", version: `v1.2.0-${suffix}` } },
  });

  // The same slug again is a conflict, shown at the slug.
  await page.goto("/packs/saas-outbound");
  await page.getByRole("form", { name: "Fork into demo" }).getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Fork pack" }).click();
  await expect(page.getByText(`A pack with slug "${slug}" exists. Choose another slug.`)).toBeVisible();
});

test("a reviewer approves a pack's prompt set; an admin promotes the fork and rolls it back", async ({ browser, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e governance ${Date.now()}`, "--user", DEMO.admin.email);
  const suffix = `gv${Date.now().toString(36)}`;
  const version = `v1.0.0-${suffix}`;
  expect((await request.post("/v1/prompts/track/fork", { headers: bearer(token), data: { from: "v1.0.0", as: version } })).status()).toBe(201);
  const slug = `gov-${suffix}`;
  expect((await request.post("/v1/packs/saas-outbound/fork", { headers: bearer(token), data: { slug } })).status()).toBe(201);
  expect((await request.patch(`/v1/packs/${slug}`, { headers: bearer(token), data: { prompts: { track: `track@demo:${version}` } } })).status()).toBe(200);
  const run = { pack: slug, stop_after: "qualify", file: { name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from("email\nrun@example.org\n") } };
  expect((await (await request.post("/v1/runs", { headers: bearer(token), multipart: run })).json()).code).toBe("fork_not_approved");

  // Before a reviewer approved it, the fork's author sees Promote disabled with the reason, and
  // Approve disabled (four eyes); nothing is offered that would fail after the click.
  const author = await browser.newPage();
  await signIn(author, DEMO.admin, `/prompts/track%40demo?version=${version}`);
  const promote = author.getByTestId("workspace-default").getByRole("button", { name: `Promote ${version}…` });
  await expect(promote).toBeDisabled();
  await expect(promote).toHaveAccessibleDescription(
    `track@demo ${version} is a fork no reviewer has approved. Approve a campaign or pack prompt set holding it first.`,
  );
  await screenshots(author, "prompt-promote-blocked");
  await author.goto(`/packs/${slug}`);
  const authorApproval = author.getByRole("region", { name: "Approval of its prompt set" });
  await expect(authorApproval.getByRole("button", { name: "Approve this prompt set" })).toBeDisabled();
  await expect(authorApproval).toContainText("another reviewer must approve or reject it (four eyes)");
  await screenshots(author, "pack-approve-blocked");
  await author.close();

  const reviewer = await browser.newPage();
  await signIn(reviewer, DEMO.reviewer, `/packs/${slug}`);
  const approval = reviewer.getByRole("region", { name: "Approval of its prompt set" });
  await expect(approval).toContainText(`track@demo ${version}`);
  await screenshots(reviewer, "pack-approval");
  await approval.getByRole("button", { name: "Approve this prompt set" }).click();
  const dialog = reviewer.getByRole("dialog", { name: "Approve this prompt set?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await reviewer.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Approve", exact: true })).toBeFocused();
  await reviewer.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(approval).toContainText("Approved");
  await reviewer.close();
  expect((await request.post("/v1/runs", { headers: bearer(token), multipart: run })).status()).toBe(202);

  // The approved fork can now be promoted to the workspace's default for track, then rolled back.
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, `/prompts/track%40demo?version=${version}`);
  const defaults = admin.getByTestId("workspace-default");
  await expect(defaults).toContainText("(the system's production version)");
  await defaults.getByRole("button", { name: `Promote ${version}…` }).click();
  await admin
    .getByRole("dialog", { name: `Promote track@demo ${version}?` })
    .getByRole("button", { name: "Promote", exact: true })
    .click();
  await expect(defaults.getByRole("status")).toContainText(`Promoted: new runs use track@demo ${version}.`);
  await expect(defaults).toContainText(`track@demo ${version} (promoted)`);
  await screenshots(admin, "prompt-promoted");

  // The built-in pack's page now names the promoted fork as what its runs use for track, and a
  // run of it really resolves that version.
  await admin.goto("/packs/saas-outbound");
  const track = admin.getByRole("list", { name: "Prompt set runs resolve" }).getByTestId("resolved-track");
  await expect(track).toContainText(`track@demo ${version}`);
  await expect(track).toContainText("promoted in demo (production@demo)");
  const builtInApproval = admin.getByRole("region", { name: "Approval of its prompt set" });
  await expect(builtInApproval).not.toContainText("use no fork");
  await expect(builtInApproval).toContainText("promoted to the workspace default");
  await screenshots(admin, "pack-after-promotion");
  const promotedRun = await (await request.post("/v1/runs", { headers: bearer(token), multipart: { ...run, pack: "saas-outbound" } })).json();
  const used = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT v.version, p.name FROM runs r JOIN prompt_versions v ON v.id = r."promptSet"->>'track' JOIN prompts p ON p.id = v."promptId" WHERE r.id = $1`,
          [promotedRun.id],
        )
      ).rows[0],
  );
  expect(used).toEqual({ name: "track@demo", version });
  await admin.goto(`/prompts/track%40demo?version=${version}`);
  await defaults.getByRole("button", { name: "Roll back…" }).click();
  await admin.getByRole("dialog", { name: "Roll back track?" }).getByRole("button", { name: "Roll back", exact: true }).click();
  await expect(defaults.getByRole("status")).toContainText("Rolled back: new runs use track");
  await expect(defaults).toContainText("(the system's production version)");
  await admin.goto("/packs/saas-outbound");
  await expect(admin.getByRole("list", { name: "Prompt set runs resolve" }).getByTestId("resolved-track")).toContainText("built-in production version");
  const audit = await (await request.get("/v1/audit?action=prompt.rolled_back", { headers: bearer(token) })).json();
  expect(audit.data[0].data.from).toEqual({ name: "track@demo", version });
  await admin.close();
});
