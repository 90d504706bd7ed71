import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshots } from "./support";

const VECTOR_HEADER = "t=1763719200,v1=1c808b1da6702bd838e326b86ad1e7017d84c1aba2faf1e53a68cfaf6dc2dce5";

test("the API reference lists every operation with rendered descriptions and a curl example", async ({ page, request }) => {
  await page.goto("/docs/api");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdocs%2Fapi/);
  await page.getByLabel("Email").fill("viewer@example.com");
  await page.getByLabel("Password").fill("demo-viewer-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Sign-in hashes the password (argon2id) and the reference renders every operation: on a loaded
  // machine, the first page of the run takes longer than the default wait.
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible({ timeout: 45_000 });

  const document = await (await request.get("/v1/openapi.json")).json();
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, { summary: string; operationId: string }>>)) {
    for (const operation of Object.values(operations)) {
      // Looked for in its own card: a role query over the whole page (every operation) costs far more.
      const card = page.locator(`section[id="${operation.operationId}"]`);
      await expect(card.getByRole("heading", { name: operation.summary, exact: true }), `${path}`).toBeVisible();
      await expect(card.getByText("Example request"), operation.operationId).toBeVisible();
      // Markdown is rendered: no raw backticks are left in a card.
      expect(await card.innerText(), operation.operationId).not.toContain("`");
    }
  }
  const createRun = page.locator('section[id="createRun"]');
  await expect(createRun).toContainText('curl -X POST "$LEADPIPE_URL/v1/runs"');
  await expect(createRun).toContainText('"leads_csv_url": "s3://leads/march.csv"');
  await expect(createRun.getByText("Example response (202)")).toBeVisible();
  await expect(page.locator('section[id="getLead"]')).toContainText('curl "$LEADPIPE_URL/v1/leads/lead_');
  await screenshots(page, "docs-api");
});

test("the webhook section lists every event, the signature test vector, and Node and Python snippets that verify it", async ({ page }) => {
  await page.goto("/login?callbackUrl=%2Fdocs%2Fapi%23webhooks");
  await page.getByLabel("Email").fill("viewer@example.com");
  await page.getByLabel("Password").fill("demo-viewer-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  const section = page.getByRole("region", { name: "Receiving webhooks" });
  await expect(section.getByRole("heading", { name: "Events and their data" })).toBeVisible();
  for (const event of ["lead.qualified", "draft.ready", "send.completed", "reply.received", "campaign.rejected"]) {
    await expect(section.getByRole("cell", { name: event, exact: true })).toBeVisible();
  }
  // The configured window (36 hours in the e2e environment), not a fixed 24.
  await expect(section).toContainText("36 hours after its first attempt is dead-lettered");
  await expect(page.getByTestId("signature-test-vector-header")).toHaveText(VECTOR_HEADER);

  // The snippets on the page, run as a reader would paste them, accept the test vector and refuse a tampered body.
  const vector = page.getByTestId("signature-test-vector");
  const body = (await vector.locator("dd").nth(2).innerText()).trim();
  const secret = (await vector.locator("dd").nth(0).innerText()).trim();
  const node = await section.getByRole("figure").filter({ hasText: "Node" }).locator("code").innerText();
  const python = await section.getByRole("figure").filter({ hasText: "Python" }).locator("code").innerText();
  const dir = mkdtempSync(path.join(os.tmpdir(), "leadpipe-verify-"));
  writeFileSync(path.join(dir, "verify.mjs"), node);
  writeFileSync(path.join(dir, "verify.py"), python);
  writeFileSync(path.join(dir, "body.json"), body);
  const nodeCheck = `import { readFileSync } from "node:fs"; import { verify } from "./verify.mjs";
    const body = readFileSync("body.json", "utf8");
    process.stdout.write(\`\${verify(body, ${JSON.stringify(VECTOR_HEADER)}, ${JSON.stringify(secret)}, Infinity)} \${verify(body + " ", ${JSON.stringify(VECTOR_HEADER)}, ${JSON.stringify(secret)}, Infinity)}\`);`;
  writeFileSync(path.join(dir, "check.mjs"), nodeCheck);
  expect(execFileSync("node", ["check.mjs"], { cwd: dir, encoding: "utf8" }).trim()).toBe("true false");
  const pythonCheck = `from verify import verify
body = open("body.json", "rb").read()
print(verify(body, ${JSON.stringify(VECTOR_HEADER)}, ${JSON.stringify(secret)}, float("inf")), verify(body + b" ", ${JSON.stringify(VECTOR_HEADER)}, ${JSON.stringify(secret)}, float("inf")))`;
  writeFileSync(path.join(dir, "check.py"), pythonCheck);
  expect(execFileSync("python3", ["check.py"], { cwd: dir, encoding: "utf8" }).trim()).toBe("True False");
  // The section itself at both sizes (a full-page picture here was the whole reference again, the
  // same as docs-api's, and cost seconds: the page is over 100,000 px tall at 390 px).
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await section.screenshot({ path: `e2e/screenshots/docs-api-webhooks-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});
