// The helpers every state module of lib/states/ builds its exports with. Browser-safe like the
// whole folder: nothing here imports the database, Prisma, Node modules or any other lib/ folder
// (eslint.config.mjs and .dependency-cruiser.cjs hold lib/states/ to that).

/** A list of values as an object of its names (`RUN_STATUS.running`), so code names a value without writing its string. */
export function named<T extends string>(values: readonly T[]): { readonly [K in T]: K } {
  return Object.freeze(Object.fromEntries(values.map((value) => [value, value]))) as { readonly [K in T]: K };
}

/**
 * Human labels for `values`: the value's words (`awaiting_review` → "awaiting review", lower case:
 * the UI capitalises where it starts a sentence), or the override given for it.
 */
export function labelled<T extends string>(values: readonly T[], overrides: Partial<Record<T, string>> = {}): Readonly<Record<T, string>> {
  return Object.freeze(Object.fromEntries(values.map((value) => [value, overrides[value] ?? value.replaceAll("_", " ")]))) as Record<T, string>;
}

/** Whether `value` (typed as a plain string, as wire types are) is one of `group`. */
export function isIn<T extends string>(group: readonly T[], value: string | null | undefined): value is T {
  return value != null && (group as readonly string[]).includes(value);
}
