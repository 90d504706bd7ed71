import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn } from "./support";

// Issue 16, eval sets from the browser: an admin creates a set, a reviewer adds cases to it with
// the form its stage needs; incomplete cases are refused at the field; a viewer gets no forms.

test("an admin creates an eval set and a reviewer adds a case to it", async ({ browser }) => {
  const tag = Date.now().toString(36);
  const ref = `evals/e2e-${tag}`;
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, "/prompts/evals");
  const create = admin.getByRole("form", { name: "New eval set" });
  await create.getByLabel("Ref").fill(ref);
  await create.getByLabel("Stage").selectOption("qualify");
  await create.getByLabel("Name").fill(`Our fit cases ${tag}`);
  await screenshots(admin, "eval-set-create");
  await create.getByLabel("Name").press("Enter");
  await expect(admin.getByRole("heading", { name: ref, level: 1 })).toBeVisible();
  await expect(admin.getByRole("heading", { name: /^0 cases/ })).toBeVisible();
  const setUrl = new URL(admin.url()).pathname;
  // The same ref again: refused, with the reason.
  await admin.goto("/prompts/evals");
  await admin.getByRole("form", { name: "New eval set" }).getByLabel("Ref").fill(ref);
  await admin.getByRole("form", { name: "New eval set" }).getByLabel("Name").fill("Again");
  await admin.getByRole("button", { name: "Create set" }).click();
  await expect(admin.getByRole("form", { name: "New eval set" }).getByRole("alert")).toContainText(`already has an eval set ${ref}`);

  const reviewer = await browser.newPage();
  await signIn(reviewer, DEMO.reviewer, setUrl);
  const form = reviewer.getByRole("form", { name: "Add a case" });
  await form.getByLabel("Case name").fill("CTO at a mid-size SaaS");
  await form.getByLabel("Title").fill("CTO");
  await form.getByLabel("Industry").fill("SaaS");
  await form.getByLabel("Employees").fill("many");
  await form.getByRole("button", { name: "Add case" }).click();
  // Not a number of employees, and no verdict: each said at its field.
  await expect(form.getByLabel("Employees")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Employees").fill("250");
  await form.getByRole("button", { name: "Add case" }).click();
  await expect(form.getByText("a qualify case needs the expected verdict")).toBeVisible();
  await form.getByLabel("Verdict").selectOption("Qualified");
  await form.getByLabel("Country (2 letters)").fill("us");
  await form.getByRole("button", { name: "Add case" }).click();
  await expect(form.getByText("Case “CTO at a mid-size SaaS” added.")).toBeVisible();
  await expect(form.getByLabel("Case name")).toBeFocused();
  await expect(form.getByLabel("Case name")).toHaveValue("");
  const cases = reviewer.getByTestId("eval-cases");
  await expect(cases.getByRole("listitem")).toHaveCount(1);
  await expect(reviewer.getByRole("heading", { name: /^1 case qualify/ })).toBeVisible();
  for (const given of ["title: CTO", "industry: SaaS", "employees: 250", "country: US"]) await expect(cases).toContainText(given);
  await expect(cases).toContainText("Expects qualified");
  await screenshots(reviewer, "eval-set-add-case");

  const viewer = await browser.newPage();
  await signIn(viewer, DEMO.viewer, "/prompts/evals");
  await expect(viewer.getByRole("heading", { name: "Eval sets", level: 1 })).toBeVisible();
  await expect(viewer.getByRole("form", { name: "New eval set" })).toHaveCount(0);
  await viewer.goto(setUrl);
  await expect(viewer.getByTestId("eval-cases").getByRole("listitem")).toHaveCount(1);
  await expect(viewer.getByRole("form", { name: "Add a case" })).toHaveCount(0);
});

test("an admin adds a draft_email case that asks the opening line for the note's fact", async ({ browser }) => {
  const tag = Date.now().toString(36);
  const ref = `evals/e2e-openers-${tag}`;
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, "/prompts/evals");
  const create = admin.getByRole("form", { name: "New eval set" });
  await create.getByLabel("Ref").fill(ref);
  await create.getByLabel("Stage").selectOption("draft_email");
  await create.getByLabel("Name").fill(`Openers ${tag}`);
  await create.getByLabel("Name").press("Enter");
  await expect(admin.getByRole("heading", { name: ref, level: 1 })).toBeVisible();

  const form = admin.getByRole("form", { name: "Add a case" });
  await form.getByLabel("Case name").fill("Job ad note");
  await form.getByLabel("Company").fill("Bright Smiles");
  await form.getByLabel("Notes").fill("Job ad mentions chasing unpaid balances");
  await form.getByLabel("Opening line must mention (comma-separated)").fill("job ad, unpaid balances");
  await form.getByLabel("Must never say (comma-separated)").fill("because of your role, I work on");
  await form.getByLabel("Must never say (comma-separated)").press("Enter");
  await expect(form.getByText("Case “Job ad note” added.")).toBeVisible();
  const cases = admin.getByTestId("eval-cases");
  await expect(cases).toContainText("notes: Job ad mentions chasing unpaid balances");
  await expect(cases).toContainText("opens with job ad, unpaid balances");
  await expect(cases).toContainText("never “because of your role”, “I work on”");
  await screenshots(admin, "eval-set-opener-case");
});
