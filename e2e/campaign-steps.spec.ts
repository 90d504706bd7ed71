import { expect, test, type Locator, type Page } from "@playwright/test";
import { bearer, cli, DEMO, signIn } from "./support";

// An admin builds a campaign's sequence on its page with the step editor: adds follow-ups, sets each
// wait with a number and a unit, pins a fork on one step (reading its diff before saving), reorders
// and removes steps by keyboard, meets the server's 422 at the right step, saves, reloads. The API
// answers the same steps, and the save is audited as a campaign edit.

/** Screenshots at 1280×800 and 390×844 under /tmp (not the repository), the page and the Steps card, then back to 1280×800. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/stepsui-${name}-${width}.png`, fullPage: true });
    await page.getByRole("region", { name: "Steps", exact: true }).screenshot({ path: `/tmp/stepsui-${name}-${width}-steps.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const row = (editor: Locator, number: number) => editor.getByRole("listitem", { name: new RegExp(`^Step ${number}\\b`) });

async function press(page: Page, button: Locator) {
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
}

test("an admin builds, reorders and saves a campaign's steps in the browser", async ({ page, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e campaign steps editor ${Date.now()}`);
  const suffix = `short${Date.now().toString(36)}`;
  const line = `Never more than three sentences (${suffix}).`;
  const base = await (await request.get("/v1/prompts/follow_up/versions/v1.0.0", { headers: bearer(token) })).json();
  const fork = await request.post("/v1/prompts/follow_up/fork", {
    headers: bearer(token),
    data: { from: "v1.0.0", as: `v1.0.0-${suffix}`, system: `${base.system}\n${line}` },
  });
  expect(fork.status()).toBe(201);
  const forkPin = `follow_up@demo:v1.0.0-${suffix}`;

  await signIn(page, DEMO.admin, "/campaigns");
  const name = `Sequence editor ${suffix}`;
  const create = page.getByRole("form", { name: "Create a campaign" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Pack").selectOption("saas-outbound");
  await create.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-z]{26}$/);
  const campaignId = page.url().split("/").at(-1)!;

  const editor = page.getByRole("form", { name: "Campaign steps" });
  await expect(row(editor, 1)).toContainText("The first email");
  // What the editor says of follow-ups is what happens to them (issue 33: it said they were not drafted or sent).
  await expect(page.getByText("is then drafted and reviewed like a first email, and is sent from the same sender")).toBeVisible();
  await expect(page.getByText("not drafted or sent")).toHaveCount(0);
  await expect(row(editor, 1).getByRole("button")).toHaveCount(0); // step 1 cannot move or be removed
  await expect(editor.getByRole("button", { name: "Save steps" })).toBeDisabled();
  const add = editor.getByRole("button", { name: "Add a follow-up" });

  // Step 2: added by keyboard; the focus lands in its wait. 5 seconds, the workspace's follow_up.
  await press(page, add);
  await expect(page.getByLabel("Wait of step 2")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("5");
  await row(editor, 2).getByLabel("Unit of step 2’s wait").selectOption("seconds");
  await expect(row(editor, 2).getByTestId("wait-words")).toHaveText("Sent 5 seconds after step 1 (PT5S)");
  await expect(row(editor, 2).getByLabel("Prompt of step 2").locator("option:checked")).toHaveText("follow_up (workspace default)");
  await expect(row(editor, 2)).toContainText("Today that is follow_up v1.1.0");
  await expect(page.getByTestId("steps-unsaved")).toHaveText("Unsaved changes");

  // Step 3: 2 minutes on the fork; the picker says it is not approved, and its diff can be read here.
  await press(page, add);
  await page.getByLabel("Wait of step 3").fill("2");
  await row(editor, 3).getByLabel("Unit of step 3’s wait").selectOption("minutes");
  const prompt3 = row(editor, 3).getByLabel("Prompt of step 3");
  await expect(prompt3.locator("option", { hasText: `v1.0.0-${suffix}` })).toHaveText(`follow_up@demo v1.0.0-${suffix} · not approved`);
  await prompt3.selectOption(forkPin);
  await expect(row(editor, 3).getByTestId("pin-approval")).toContainText("Not approved");
  await press(page, row(editor, 3).getByRole("button", { name: "Show this fork’s diff and evaluation" }));
  await expect(row(editor, 3).getByRole("region", { name: `Diff of follow_up@demo v1.0.0-${suffix} against its parent` })).toContainText(line);
  await expect(row(editor, 3).getByRole("heading", { name: "Evaluation against its parent" })).toBeVisible();

  // Step 4: 4 hours.
  await press(page, add);
  await page.getByLabel("Wait of step 4").fill("4");
  await row(editor, 4).getByLabel("Unit of step 4’s wait").selectOption("hours");
  await expect(row(editor, 4).getByTestId("wait-words")).toHaveText("Sent 4 hours after step 3 (PT4H)");
  await shots(page, "steps-editing");
  await page.setViewportSize({ width: 390, height: 844 });
  await row(editor, 3).getByTestId("fork-preview").screenshot({ path: "/tmp/stepsui-fork-preview-390.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Reorder by keyboard: the 4-hour step moves up to 3; the focus follows it.
  await press(page, row(editor, 4).getByRole("button", { name: "Move up step 4" }));
  await expect(page.getByRole("button", { name: "Move up step 3" })).toBeFocused();
  await expect(page.getByLabel("Wait of step 3")).toHaveValue("4");
  await expect(page.getByLabel("Prompt of step 4")).toHaveValue(forkPin);
  // The first follow-up cannot move above the first email.
  await expect(row(editor, 2).getByRole("button", { name: "Move up step 2" })).toBeDisabled();

  // Remove the 5-second step by keyboard: the focus goes to the step that takes its place.
  await press(page, row(editor, 2).getByRole("button", { name: "Remove step 2" }));
  await expect(page.getByRole("button", { name: "Remove step 2" })).toBeFocused();
  await expect(editor.getByTestId("step-row")).toHaveCount(2);
  await expect(page.getByLabel("Wait of step 2")).toHaveValue("4");
  await expect(page.getByLabel("Prompt of step 3")).toHaveValue(forkPin);

  // An empty wait is told at the step before asking the server.
  await page.getByLabel("Wait of step 2").fill("");
  await editor.getByRole("button", { name: "Save steps" }).click();
  await expect(row(editor, 2).getByText("Enter a whole number, at least 1.")).toBeVisible();

  // A bad value: 400 days is past the server's limit; its 422 is shown at step 2's wait.
  await page.getByLabel("Wait of step 2").fill("400");
  await row(editor, 2).getByLabel("Unit of step 2’s wait").selectOption("days");
  await editor.getByRole("button", { name: "Save steps" }).click();
  await expect(row(editor, 2).getByText("must be at most 365 days (P365D)")).toBeVisible();
  await expect(page.getByLabel("Wait of step 2")).toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByRole("alert")).toHaveText("The steps were not saved: see the messages at the steps above.");
  await shots(page, "steps-error");

  // Fixed and saved.
  await page.getByLabel("Wait of step 2").fill("4");
  await row(editor, 2).getByLabel("Unit of step 2’s wait").selectOption("hours");
  await expect(row(editor, 2).getByText("must be at most 365 days (P365D)")).toHaveCount(0);
  await editor.getByRole("button", { name: "Save steps" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Steps saved." })).toBeVisible();
  await expect(page.getByTestId("steps-unsaved")).toHaveCount(0);
  await expect(page.getByTestId("approval-state")).toContainText("Runs that use it are refused until a reviewer approves it");

  // After a reload the editor shows the saved steps; the saved fork's diff is the page's own section.
  await page.reload();
  await expect(editor.getByTestId("step-row")).toHaveCount(2);
  await expect(page.getByLabel("Wait of step 2")).toHaveValue("4");
  await expect(page.getByLabel("Unit of step 2’s wait")).toHaveValue("hours");
  await expect(page.getByLabel("Prompt of step 2")).toHaveValue("");
  await expect(page.getByLabel("Wait of step 3")).toHaveValue("2");
  await expect(page.getByLabel("Unit of step 3’s wait")).toHaveValue("minutes");
  await expect(page.getByLabel("Prompt of step 3")).toHaveValue(forkPin);
  await press(page, row(editor, 3).getByRole("link", { name: "A fork: its diff and evaluation are below" }));
  await expect(page).toHaveURL(new RegExp(`#fork-follow_up-3$`));
  await expect(page.getByRole("region", { name: `Diff of follow_up@demo v1.0.0-${suffix} against its parent` }).last()).toBeInViewport();
  await shots(page, "steps-saved");

  const campaign = await (await request.get(`/v1/campaigns/${campaignId}`, { headers: bearer(token) })).json();
  expect(campaign.steps.map((step: { step: number; wait: string | null; prompt: string }) => [step.step, step.wait, step.prompt])).toEqual([
    [1, null, "draft_email"],
    [2, "PT4H", "follow_up"],
    [3, "PT2M", forkPin],
  ]);
  const audit = await (await request.get(`/v1/audit?action=campaign.updated&target_id=${campaignId}`, { headers: bearer(token) })).json();
  expect(audit.data).toHaveLength(1); // the refused save wrote nothing
  expect(audit.data[0].data.steps).toEqual([{}, { wait: "PT4H", prompt: "follow_up" }, { wait: "PT2M", prompt: forkPin }]);

  // At most 8 steps: the add button says why it is disabled; Discard puts the saved steps back.
  for (let count = 3; count < 8; count++) await add.click();
  await expect(editor.getByTestId("step-row")).toHaveCount(7);
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription("A campaign has at most 8 steps; remove one to add another.");
  await editor.getByRole("button", { name: "Discard changes" }).click();
  await expect(editor.getByTestId("step-row")).toHaveCount(2);
  await expect(page.getByTestId("steps-unsaved")).toHaveCount(0);
});
