import { describe, expect, it } from "vitest";
import { knownColumnFor, normalizeHeader, planColumns, readRow, type LeadRow, type RowProblem } from "@/lib/imports/columns";

const asRow = (result: LeadRow | RowProblem) => {
  if ("code" in result) throw new Error(`expected a row, got ${result.code}`);
  return result;
};

describe("normalizeHeader", () => {
  it("lower-cases and turns spaces, dots, dashes and slashes into single underscores, trimmed at the ends", () => {
    expect(normalizeHeader("  First Name ")).toBe("first_name");
    expect(normalizeHeader("E-Mail")).toBe("e_mail");
    expect(normalizeHeader("linkedin.url")).toBe("linkedin_url");
    expect(normalizeHeader("Company / Website")).toBe("company_website");
    expect(normalizeHeader("--notes--")).toBe("notes");
    expect(normalizeHeader("__x__")).toBe("x");
  });
});

describe("knownColumnFor", () => {
  it("treats headers named like Object's own properties as unknown columns (kept in attributes)", () => {
    for (const name of ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"]) expect(knownColumnFor(name), name).toBeNull();
  });

  it("matches the contract's columns loosely and through aliases", () => {
    expect(knownColumnFor("Email")).toBe("email");
    expect(knownColumnFor("Email Address")).toBe("email");
    expect(knownColumnFor("e-mail")).toBe("email");
    expect(knownColumnFor("FirstName")).toBe("first_name");
    expect(knownColumnFor("Surname")).toBe("last_name");
    expect(knownColumnFor("Organisation")).toBe("company");
    expect(knownColumnFor("Job Title")).toBe("title");
    expect(knownColumnFor("LinkedIn Profile")).toBe("linkedin_url");
    expect(knownColumnFor("URL")).toBe("website");
    expect(knownColumnFor("Company Size")).toBe("employees");
    expect(knownColumnFor("Sector")).toBe("industry");
    expect(knownColumnFor("comments")).toBe("notes");
    expect(knownColumnFor("country")).toBe("country");
  });

  it("returns null for anything else", () => {
    expect(knownColumnFor("favourite colour")).toBeNull();
    expect(knownColumnFor("")).toBeNull();
  });
});

describe("planColumns", () => {
  it("maps known columns by index, keeps others as attributes, and finds the email column", () => {
    const plan = planColumns(["Name", "E-mail", "Company", "Favourite colour", " "]);
    expect([...plan.known]).toEqual([
      [1, "email"],
      [2, "company"],
    ]);
    expect([...plan.extra]).toEqual([
      [0, "Name"],
      [3, "Favourite colour"],
    ]);
    expect(plan.emailIndex).toBe(1);
  });

  it("keeps the first of a repeated known column; the repeat becomes an attribute", () => {
    const plan = planColumns(["email", "Email Address", "company", "Organization"]);
    expect([...plan.known]).toEqual([
      [0, "email"],
      [2, "company"],
    ]);
    expect([...plan.extra]).toEqual([
      [1, "Email Address"],
      [3, "Organization"],
    ]);
  });

  it("drops NUL from attribute names, trims them to 100 characters, and says when there is no email column", () => {
    const plan = planColumns(["a\0b", "x".repeat(150), "\0"]);
    expect([...plan.extra]).toEqual([
      [0, "ab"],
      [1, "x".repeat(100)],
    ]);
    expect(plan.emailIndex).toBe(-1);
  });
});

describe("readRow", () => {
  const plan = planColumns(["email", "first name", "employees", "notes", "source", "title"]);

  it("reads a lead: trimmed, email lower-cased alongside, employees as a number, extras as attributes", () => {
    const row = asRow(readRow(["  Ada@Example.COM ", " Ada ", "1,200", "n", " fair ", ""], plan));
    expect(row).toEqual({
      email: "Ada@Example.COM",
      emailLower: "ada@example.com",
      first_name: "Ada",
      last_name: null,
      company: null,
      title: null,
      domain: null,
      website: null,
      linkedin_url: null,
      country: null,
      employees: 1200,
      industry: null,
      notes: "n",
      time_zone: null,
      attributes: { source: "fair" },
    });
  });

  it("says why a row cannot be a lead", () => {
    expect(readRow(["", "Ada"], plan)).toEqual({ code: "missing_email", message: "The row has no email." });
    expect(readRow(["\0 "], plan)).toMatchObject({ code: "missing_email" });
    expect(readRow(["not an email"], plan)).toEqual({ code: "invalid_email", message: '"not an email" is not a valid email address.' });
    expect(readRow([`${"y".repeat(100)}@`], plan)).toEqual({ code: "invalid_email", message: `"${"y".repeat(80)}" is not a valid email address.` });
    expect(readRow(["ada@example.com"], planColumns(["name"]))).toMatchObject({ code: "missing_email" });
  });

  it("reads employees only as up to nine digits (commas, underscores and spaces allowed), else null", () => {
    const employees = (value: string) => asRow(readRow(["a@example.com", "", value], plan)).employees;
    expect(employees("12 000")).toBe(12000);
    expect(employees("1_000")).toBe(1000);
    expect(employees("999999999")).toBe(999999999);
    expect(employees("1000000000")).toBeNull();
    expect(employees("50+")).toBeNull();
    expect(employees("-3")).toBeNull();
    expect(employees("")).toBeNull();
  });

  it("drops NUL, leaves empty cells out, and caps lengths: 2000 for fields, 10000 for notes and attributes", () => {
    const row = asRow(readRow(["a\0@example.com", "x".repeat(3000), "", "n".repeat(12_000), "s".repeat(12_000), " \0 "], plan));
    expect(row.email).toBe("a@example.com");
    expect(row.first_name).toHaveLength(2000);
    expect(row.notes).toHaveLength(10_000);
    expect(row.attributes.source).toHaveLength(10_000);
    expect(row.title).toBeNull();
    expect(asRow(readRow(["a@example.com", "", "", "", ""], plan)).attributes).toEqual({});
  });
});
