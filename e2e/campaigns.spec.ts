import { expect, test, type APIRequestContext } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

// A campaign that pins a fork cannot run until a reviewer approves it on the page that shows the
// fork's diff: the run is refused with campaign_not_approved before, and accepted after.

const csv = "email,first_name,company,title\nana@example.org,Ana,Example Org,Head of Sales\n";

function startRun(request: APIRequestContext, token: string, campaignId: string) {
  return request.post("/v1/runs", {
    headers: bearer(token),
    multipart: {
      pack: "saas-outbound",
      campaign_id: campaignId,
      stop_after: "qualify",
      file: { name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
}

test("a campaign pinning a fork is refused until a reviewer approves it after seeing the diff", async ({ browser, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e campaigns ${Date.now()}`);
  const suffix = `strict${Date.now().toString(36)}`;
  const line = `Reject any lead without a named buyer (${suffix}).`;
  const base = await (await request.get("/v1/prompts/qualify/versions/v1.2.0", { headers: bearer(token) })).json();
  const fork = await request.post("/v1/prompts/qualify/fork", {
    headers: bearer(token),
    data: { from: "v1.2.0", as: `v1.2.0-${suffix}`, system: `${base.system}\n${line}` },
  });
  expect(fork.status()).toBe(201);

  // The admin creates the campaign in the UI, pinning the fork for qualify.
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, "/campaigns");
  await expect(admin.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  const name = `Q4 strict ${suffix}`;
  const form = admin.getByRole("form", { name: "Create a campaign" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Pack").selectOption("saas-outbound");
  await form.getByLabel("qualify").selectOption(`qualify@demo:v1.2.0-${suffix}`);
  // The picker tells the fork's approval state: no reviewer has approved a set holding it yet.
  await expect(form.getByLabel("qualify").locator("option", { hasText: `v1.2.0-${suffix}` })).toHaveText(`qualify@demo v1.2.0-${suffix} · not approved`);
  await expect(form.getByTestId("pin-approval")).toContainText("Not approved");
  await screenshots(admin, "campaigns-list");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(admin).toHaveURL(/\/campaigns\/cmp_[0-9a-z]{26}$/);
  const campaignId = admin.url().split("/").at(-1)!;
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(admin.getByTestId("approval-state")).toContainText("Runs that use it are refused until a reviewer approves it");
  // Four eyes: the admin created it, so the page offers the admin no decision (the API says 403).
  await expect(admin.getByTestId("four-eyes")).toContainText("another reviewer must approve or reject it");
  await expect(admin.getByRole("button", { name: "Approve campaign" })).toHaveCount(0);
  expect((await request.post(`/v1/campaigns/${campaignId}/approve`, { headers: bearer(token) })).status()).toBe(403);
  await admin.close();

  // Before approval the run is refused.
  const refused = await startRun(request, token, campaignId);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe("campaign_not_approved");

  // The reviewer reads the diff on the campaign page and approves there.
  const reviewer = await browser.newPage();
  await signIn(reviewer, DEMO.reviewer, `/campaigns/${campaignId}`);
  const diff = reviewer.getByRole("region", { name: `Diff of qualify@demo v1.2.0-${suffix} against its parent` });
  await expect(diff).toContainText(line);
  await expect(diff).toContainText("qualify v1.2.0");
  await screenshots(reviewer, "campaign-approval");

  // First the reviewer rejects it with a reason, typed in the dialog; the page keeps the reason.
  await reviewer.getByRole("button", { name: "Reject…" }).click();
  const rejectDialog = reviewer.getByRole("dialog", { name: `Reject “${name}”?` });
  await rejectDialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(rejectDialog.getByRole("alert")).toHaveText("Write why you reject it first.");
  await rejectDialog.getByLabel(/Reason/).focus();
  await reviewer.keyboard.type("The named-buyer rule drops good agencies.");
  await rejectDialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(reviewer.getByTestId("reject-reason")).toHaveText("The named-buyer rule drops good agencies.");
  await screenshots(reviewer, "campaign-rejected");
  expect((await (await startRun(request, token, campaignId)).json()).detail).toContain("The named-buyer rule drops good agencies.");

  // Then, on second thought, approves it.
  await reviewer.getByRole("button", { name: "Approve campaign" }).click();
  const dialog = reviewer.getByRole("dialog", { name: `Approve “${name}”?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(reviewer.getByRole("status").filter({ hasText: "Campaign approved" })).toBeVisible();
  await expect(reviewer.getByTestId("approval-state")).toContainText(`Approved by ${DEMO.reviewer.name}`);
  await expect(reviewer.getByRole("button", { name: "Approve campaign" })).toHaveCount(0);
  await screenshots(reviewer, "campaign-approved");

  // Now the same run is accepted, and the approval is in the audit log with the diff.
  const accepted = await startRun(request, token, campaignId);
  expect(accepted.status()).toBe(202);
  expect((await accepted.json()).campaign_id).toBe(campaignId);
  const audit = await (await request.get(`/v1/audit?action=campaign.approved&target_id=${campaignId}`, { headers: bearer(token) })).json();
  expect(audit.data).toHaveLength(1);
  expect(audit.data[0].actor.name).toBe(`${DEMO.reviewer.name} (${DEMO.reviewer.email})`);
  expect(audit.data[0].diff).toContain(`+${line}`);
  await reviewer.close();

  // The pickers now name the campaign whose approved set holds the fork.
  const later = await browser.newPage();
  await signIn(later, DEMO.admin, "/campaigns");
  const picker = later.getByRole("form", { name: "Create a campaign" }).getByLabel("qualify");
  await expect(picker.locator("option", { hasText: `v1.2.0-${suffix}` })).toHaveText(`qualify@demo v1.2.0-${suffix} · approved for campaign ${name}`);
  await picker.selectOption(`qualify@demo:v1.2.0-${suffix}`);
  await expect(later.getByTestId("pin-approval").getByRole("link", { name })).toHaveAttribute("href", `/campaigns/${campaignId}`);

  // On the campaign's page the admin changes its pins with the same picker: back to the pack's pin
  // for qualify. The campaign then pins no fork; the new pins took back the approval.
  await later.goto(`/campaigns/${campaignId}`);
  const pins = later.getByRole("form", { name: "Campaign pins" });
  const qualify = pins.getByLabel("qualify");
  await expect(qualify).toHaveValue(`qualify@demo:v1.2.0-${suffix}`);
  await expect(pins.getByTestId("pin-approval")).toContainText(`Approved for campaign ${name}`);
  await expect(pins.getByRole("button", { name: "Save pins" })).toBeDisabled();
  await qualify.focus();
  await qualify.selectOption("");
  await expect(qualify.locator("option:checked")).toHaveText("Pack’s pin: qualify v1.2.0");
  await screenshots(later, "campaign-pins");
  await pins.getByRole("button", { name: "Save pins" }).click();
  await expect(later.getByRole("status").filter({ hasText: "Pins saved." })).toBeVisible();
  await expect(later.getByTestId("approval-state")).toContainText("This campaign pins no fork, so it needs no approval.");
  const updated = await (await request.get(`/v1/campaigns/${campaignId}`, { headers: bearer(token) })).json();
  expect(updated.pins).toEqual({});
  await later.close();
});

test("a campaign with follow-up steps lists each step, and a step's fork links to its diff", async ({ browser, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e campaign steps ${Date.now()}`);
  const suffix = `brief${Date.now().toString(36)}`;
  const line = `Keep every follow-up under forty words (${suffix}).`;
  const base = await (await request.get("/v1/prompts/follow_up/versions/v1.0.0", { headers: bearer(token) })).json();
  const fork = await request.post("/v1/prompts/follow_up/fork", {
    headers: bearer(token),
    data: { from: "v1.0.0", as: `v1.0.0-${suffix}`, system: `${base.system}\n${line}` },
  });
  expect(fork.status()).toBe(201);
  const name = `Sequence ${suffix}`;
  const created = await request.post("/v1/campaigns", {
    headers: bearer(token),
    data: {
      name,
      pack: "saas-outbound",
      steps: [{}, { wait: "P3D", prompt: "follow_up" }, { wait: "P1DT12H", prompt: `follow_up@demo:v1.0.0-${suffix}` }],
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).id as string;

  const reviewer = await browser.newPage();
  await signIn(reviewer, DEMO.reviewer, `/campaigns/${campaignId}`);
  await expect(reviewer.getByRole("heading", { name, level: 1 })).toBeVisible();
  const steps = reviewer.getByTestId("campaign-steps").getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText("Step 1");
  await expect(steps.nth(0)).toContainText("The first email");
  await expect(steps.nth(0)).toContainText("draft_email v1.5.0");
  await expect(steps.nth(1)).toContainText("A follow-up 3 days after step 1 is sent");
  await expect(steps.nth(1)).toContainText("follow_up v1.1.0");
  await expect(steps.nth(2)).toContainText("A follow-up 1 day and 12 hours after step 2 is sent");
  await expect(steps.nth(2)).toContainText(`follow_up@demo v1.0.0-${suffix}`);
  await expect(reviewer.getByTestId("approval-state")).toContainText("Runs that use it are refused until a reviewer approves it");
  await screenshots(reviewer, "campaign-steps");

  // The step on a fork links to that fork's diff further down; followed by keyboard.
  const link = steps.nth(2).getByRole("link", { name: "fork: diff and evaluation below" });
  await link.focus();
  await expect(link).toBeFocused();
  await reviewer.keyboard.press("Enter");
  await expect(reviewer).toHaveURL(new RegExp(`/campaigns/${campaignId}#fork-follow_up-3$`));
  const diff = reviewer.getByRole("region", { name: `Diff of follow_up@demo v1.0.0-${suffix} against its parent` });
  await expect(diff).toContainText(line);
  await expect(diff).toBeInViewport();
  await expect(reviewer.getByRole("heading", { name: new RegExp(`follow_up · step 3 follow_up@demo v1.0.0-${suffix}`) })).toBeVisible();
  await reviewer.close();
});
