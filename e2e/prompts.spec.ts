import { expect, test } from "@playwright/test";
import { expectNoSplitWords } from "./diff-words";
import { DEMO, screenshots, signIn } from "./support";

test("an admin compares versions, forks a prompt with a live diff preview, and sees the fork's diff on its page and in the audit log", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Prompts" }).click();
  await expect(page.getByRole("heading", { name: "Prompts", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "draft_email", exact: true })).toBeVisible();
  await screenshots(page, "prompts-list");

  await page.getByRole("link", { name: "draft_email", exact: true }).click();
  await expect(page.getByRole("heading", { name: "draft_email", level: 1 })).toBeVisible();
  const history = page.getByRole("list", { name: "Versions, newest first" });
  await expect(history.getByTestId("version-v1.5.0")).toContainText("Production");
  await expect(history.getByTestId("version-v1.0.0")).not.toContainText("Production");

  // Any two versions side by side: the default pair is the production version and the one before.
  const compare = page.getByRole("region", { name: "draft_email v1.4.0 compared with v1.5.0" });
  await expect(compare).toBeVisible();
  // v1.4.0 → v1.5.0 keeps the model (a collapsed, unchanged line) and words the pitch for the lead.
  await expect(compare).toContainText("{{value_line}}");
  await expect(compare).toContainText("{{product}} is built for {{audience}}");
  await page.getByLabel("From").selectOption("v1.0.0");
  const fromFirst = page.getByRole("region", { name: "draft_email v1.0.0 compared with v1.5.0" });
  await expect(fromFirst).toBeVisible();
  await expect(fromFirst).toContainText("local/leadpipe-2");
  await screenshots(page, "prompt-history");
  // Each side reads as its text: the word diff keeps the spaces around changed words ("a short first
  // outreach email.", not "a shortfirst outreach email .").
  const compared = page.getByRole("region", { name: "draft_email v1.0.0 compared with v1.5.0" });
  await expect(compared).toContainText("You write a short first outreach email. Plain text, no markdown.");
  await expect(compared).toContainText("You write a short, personal first outreach email for the sender's offer.");
  // The diff wraps its lines at spaces, never inside a word: on a phone (inline) and on a desktop (side by side).
  await expectNoSplitWords(page, page.getByRole("region", { name: "draft_email v1.0.0 compared with v1.5.0" }));

  // Fork: a bad label is refused by the domain (422) and shown next to its field.
  await page.getByRole("button", { name: "Fork v1.5.0…" }).click();
  const form = page.getByRole("form", { name: "Fork into demo" });
  await expect(form.getByLabel("From version")).toBeFocused();
  const label = form.getByLabel("New label (as)");
  await expect(label).toHaveValue("v1.5.0-demo");
  await label.fill("v1.5.0-Warm");
  await form.getByRole("button", { name: "Create fork" }).click();
  await expect(label).toHaveAttribute("aria-invalid", "true");
  await expect(label).toBeFocused();
  await expect(form.getByText('must be "v1.5.0-" followed by lower-case letters, digits, dots or hyphens')).toBeVisible();

  // The preview follows the typing.
  const preview = form.getByRole("region", { name: "Fork preview against its parent" });
  await expect(preview).toContainText("No changes yet");
  const suffix = `warm${Date.now().toString(36)}`;
  const line = `Open with one sentence about their company (${suffix}).`;
  const system = form.getByLabel("System prompt");
  await system.fill(`${await system.inputValue()}\n${line}`);
  await expect(preview).toContainText(line);
  await label.fill(`v1.5.0-${suffix}`);
  await screenshots(page, "prompt-fork-form");

  await form.getByRole("button", { name: "Create fork" }).click();
  await expect(page).toHaveURL(new RegExp(`/prompts/draft_email%40demo\\?version=v1\\.5\\.0-${suffix}`));
  await expect(page.getByRole("status").filter({ hasText: `Fork draft_email@demo v1.5.0-${suffix} created` })).toBeVisible();
  const againstParent = page.getByRole("region", { name: `draft_email@demo v1.5.0-${suffix} against its parent` });
  await expect(againstParent).toContainText(line);
  await expect(againstParent).toContainText("draft_email v1.5.0");
  await expect(page.getByTestId(`version-v1.5.0-${suffix}`)).toContainText("Fork");
  await screenshots(page, "prompt-fork-page");
  await expectNoSplitWords(page, againstParent);

  // The same label again is a conflict, shown at the label.
  // The parent's link opens that version's own page; forking starts from the prompt's page.
  await page.getByRole("link", { name: "draft_email v1.5.0" }).first().click();
  await expect(page).toHaveURL(/\/prompts\/draft_email\/versions\/v1\.5\.0$/);
  await page.goto("/prompts/draft_email");
  await page.getByRole("button", { name: "Fork v1.5.0…" }).click();
  await page.getByLabel("New label (as)").fill(`v1.5.0-${suffix}`);
  await page.getByLabel("System prompt").fill("Something else.");
  await page.getByRole("button", { name: "Create fork" }).click();
  await expect(page.getByText(`draft_email@demo already has a version v1.5.0-${suffix}.`)).toBeVisible();

  // The audit log: filtered to forks by this admin, the newest entry is this fork, with its diff.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption("prompt.forked");
  await filters.getByLabel("Actor").selectOption({ label: `${DEMO.admin.name} (${DEMO.admin.email})` });
  await filters.getByLabel("From").fill("2020-01-01T00:00");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  const entries = page.getByRole("list", { name: "Audit entries, newest first" });
  const entry = entries.getByRole("listitem").filter({ hasText: `v1.5.0-${suffix}` });
  await expect(entry).toHaveCount(1);
  await expect(entries.getByRole("listitem").filter({ hasNotText: "prompt.forked" })).toHaveCount(0);
  await entry.getByRole("button", { name: /^Show diff/ }).click();
  const recorded = entry.getByRole("region", { name: /^Diff recorded with prompt.forked/ });
  await expect(recorded).toContainText(line);
  await expect(recorded).toContainText(`draft_email@demo v1.5.0-${suffix}`);
  await screenshots(page, "audit-log");

  // A window in the past finds nothing.
  await filters.getByLabel("From").fill("2020-01-01T00:00");
  await filters.getByLabel("Until").fill("2020-01-02T00:00");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match these filters")).toBeVisible();
});
