import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

test("an admin views a built-in pack, forks it into the workspace and pins a forked prompt", async ({ page, request }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e packs ${Date.now()}`);
  const suffix = `pk${Date.now().toString(36)}`;
  const fork = await request.post("/v1/prompts/draft_email/fork", { headers: bearer(token), data: { from: "v1.2.0", as: `v1.2.0-${suffix}`, model_default: "local/leadpipe-1" } });
  expect(fork.status()).toBe(201);

  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packs" }).click();
  await expect(page.getByRole("heading", { name: "Packs", level: 1 })).toBeVisible();
  await screenshots(page, "packs-list");
  await page.getByRole("link", { name: "SaaS outbound", exact: true }).click();

  await expect(page.getByRole("heading", { name: "saas-outbound", level: 1 })).toBeVisible();
  const pins = page.getByRole("region", { name: "Prompts per stage" });
  await expect(pins).toContainText("Built-in packs are read-only");
  await expect(pins.getByRole("link", { name: "draft_email v1.3.0" })).toBeVisible();
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
  await expect(form.getByLabel("draft_email")).toHaveValue("draft_email:v1.3.0");
  await form.getByLabel("draft_email").selectOption(`draft_email@demo:v1.2.0-${suffix}`);
  await form.getByRole("button", { name: "Save pins" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pins saved." })).toBeVisible();
  await screenshots(page, "pack-workspace");

  const pack = await (await request.get(`/v1/packs/${slug}`, { headers: bearer(token) })).json();
  expect(pack).toMatchObject({ owner: "workspace", parent: "saas-outbound", prompts: { draft_email: { name: "draft_email@demo", version: `v1.2.0-${suffix}` } } });

  // The same slug again is a conflict, shown at the slug.
  await page.goto("/packs/saas-outbound");
  await page.getByRole("form", { name: "Fork into demo" }).getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Fork pack" }).click();
  await expect(page.getByText(`A pack with slug "${slug}" exists. Choose another slug.`)).toBeVisible();
});
