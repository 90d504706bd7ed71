import fc from "fast-check";
import { hostileString, hugeString, wrongTypeValue } from "./hostile-values";
import { deref, typesOf, type Document, type Schema } from "./openapi-walk";

// fast-check arbitraries derived from the OpenAPI document's JSON Schemas: a plausible valid value
// for a schema, and "breakers", mutations that each make a body certainly invalid against its
// schema (so the server must refuse it before doing anything).

const MAX_DEPTH = 4;

/** A value the schema accepts (as far as the document says; the zod schemas may refine further). */
export function validValue(input: Schema | undefined, document: Document, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input, document);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return validValue(variants[0], document, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") {
    if (typeof schema.example === "string") return fc.constant(schema.example);
    if (schema.format === "email") return fc.constantFrom("ada@example.com", "o'brien+tag@mail.example.org");
    if (schema.format === "date-time")
      return fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.format === "uri") return fc.constantFrom("https://www.linkedin.com/in/ada", "https://api.example.com/v1");
    const minLength = Math.max(1, schema.minLength ?? 1);
    const maxLength = Math.min(schema.maxLength ?? 40, 40);
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }).filter((s) => !s.includes("\u0000"));
  }
  if (type === "integer" || type === "number") {
    const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
    const max = Math.min(schema.maximum ?? 1_000, min + 1_000);
    return type === "integer" ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  }
  if (type === "boolean") return fc.boolean();
  if (type === "null") return fc.constant(null);
  if (type === "array") {
    if (depth >= MAX_DEPTH) return fc.constant([]);
    return fc.array(validValue(schema.items, document, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
  }
  if (type === "object") {
    if (depth >= MAX_DEPTH) return fc.constant({});
    if (schema.properties) {
      // Every property present, so every slot below exists to be broken.
      return fc.record(Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, validValue(property, document, depth + 1)])));
    }
    if (typeof schema.additionalProperties === "object")
      return fc.dictionary(fc.constantFrom("draft_email", "segment"), validValue(schema.additionalProperties, document, depth + 1), { maxKeys: 1 });
    return fc.constant({});
  }
  return fc.constant("x");
}

/** A place in a body: the path of keys to it and its schema. Dictionaries get one sample key. */
export type Slot = { path: string[]; schema: Schema; required: boolean; parentStrict: boolean };

export function slotsOf(input: Schema | undefined, document: Document, path: string[] = [], depth = 0): Slot[] {
  const schema = deref(input, document);
  const variants = schema.anyOf ?? schema.oneOf;
  const objectSchema = variants
    ? deref(
        variants.find((v) => deref(v, document).type === "object"),
        document,
      )
    : schema;
  if (depth >= MAX_DEPTH || objectSchema.type !== "object") return [];
  const out: Slot[] = [];
  for (const [name, property] of Object.entries(objectSchema.properties ?? {})) {
    const resolved = deref(property, document);
    out.push({
      path: [...path, name],
      schema: resolved,
      required: (objectSchema.required ?? []).includes(name),
      parentStrict: objectSchema.additionalProperties === false,
    });
    out.push(...slotsOf(resolved, document, [...path, name], depth + 1));
  }
  if (!objectSchema.properties && typeof objectSchema.additionalProperties === "object") {
    out.push({ path: [...path, "draft_email"], schema: deref(objectSchema.additionalProperties, document), required: false, parentStrict: false });
  }
  return out;
}

export function setAt(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object" || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

function deleteAt(body: unknown, path: string[]): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> | undefined = copy;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string, unknown> | undefined;
  if (node) delete node[path.at(-1)!];
  return copy;
}

export type Breaker = { label: string; path: string[]; apply: (body: unknown) => unknown };

const stringy = (slot: Slot, document: Document) => typesOf(slot.schema, document).has("string");
const firstVariant = (schema: Schema, document: Document, type: string) =>
  (schema.anyOf ?? schema.oneOf ?? [schema]).map((v) => deref(v, document)).find((v) => v.type === type);

/** Every way to certainly break one slot of a body (and the body as a whole). */
export function breakersFor(body: Schema, document: Document): fc.Arbitrary<Breaker> {
  const options: fc.Arbitrary<Breaker>[] = [];
  const strictParents = new Set<string>();
  for (const slot of slotsOf(body, document)) {
    const at = (label: string, value: fc.Arbitrary<unknown>) =>
      value.map((v): Breaker => ({ label: `${label} at ${slot.path.join(".")}`, path: slot.path, apply: (b) => setAt(b, slot.path, v) }));
    const types = typesOf(slot.schema, document);
    if (types.size && types.size < 7) options.push(at("wrong type", wrongTypeValue(types)));
    if (slot.required)
      options.push(fc.constant({ label: `missing required ${slot.path.join(".")}`, path: slot.path, apply: (b: unknown) => deleteAt(b, slot.path) }));
    const text = firstVariant(slot.schema, document, "string");
    if (text && stringy(slot, document)) {
      options.push(
        at(
          "NUL",
          fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
        ),
      );
      if (text.maxLength !== undefined)
        options.push(
          at(
            "too long",
            fc.oneof(
              hugeString.filter((huge) => huge.length > text.maxLength!),
              fc.constantFrom("x", "é", "💥").map((c) => c.repeat(text.maxLength! + 1)),
            ),
          ).map((b) => ({ ...b, label: `${b.label} (max ${text.maxLength})` })),
        );
      if ((text.minLength ?? 0) > 0) options.push(at("too short", fc.constant("")));
      if (text.enum) {
        const values = text.enum as string[];
        const variants = fc.constantFrom(...values).chain((e) => fc.constantFrom(e.toUpperCase(), ` ${e}`, `${e}\u200b`, `${e}s`));
        options.push(
          at(
            "not in enum",
            fc.oneof(hostileString, variants).filter((v) => !values.includes(v)),
          ),
        );
      }
      if (text.pattern) {
        const pattern = new RegExp(text.pattern);
        options.push(
          at(
            "breaks pattern",
            fc.oneof(hostileString, fc.constantFrom("", " ", "UPPER", "a b", "v1.2.3; rm -rf /", "ada@example.com\n")).filter((v) => !pattern.test(v)),
          ),
        );
      }
    }
    const number = firstVariant(slot.schema, document, "integer") ?? firstVariant(slot.schema, document, "number");
    if (number) {
      const out: number[] = [];
      if (number.minimum !== undefined) out.push(number.minimum - 1, number.minimum - 1e9);
      if (number.exclusiveMinimum !== undefined) out.push(number.exclusiveMinimum);
      if (number.maximum !== undefined) out.push(number.maximum + 1, number.maximum * 10 + 1, 1e308);
      if (number.type === "integer" && number.minimum !== undefined) out.push(number.minimum + 0.5);
      if (out.length) options.push(at("out of range", fc.constantFrom(...out)));
    }
    const array = firstVariant(slot.schema, document, "array");
    if (array?.items) {
      const items = deref(array.items, document);
      const itemTypes = typesOf(items, document);
      if (itemTypes.size)
        options.push(
          at(
            "wrong item type",
            wrongTypeValue(itemTypes).map((v) => [v]),
          ),
        );
      if (items.enum)
        options.push(
          at(
            "item not in enum",
            hostileString.filter((v) => !items.enum!.includes(v)).map((v) => [v]),
          ),
        );
      if (array.maxItems !== undefined)
        options.push(
          at(
            "too many items",
            validValue(items, document).map((v) => Array.from({ length: array.maxItems! + 1 }, () => v)),
          ),
        );
      if ((array.minItems ?? 0) > 0) options.push(at("too few items", fc.constant([])));
    }
    const parent = slot.path.slice(0, -1);
    if (slot.parentStrict && !strictParents.has(parent.join("."))) {
      strictParents.add(parent.join("."));
      options.push(
        fc.constantFrom("unexpected", "constructor", "emial", "$where", "Email", "x".repeat(300)).map((key) => ({
          label: `unknown field ${[...parent, key].join(".")}`,
          path: [...parent, key],
          apply: (b: unknown) => setAt(b, [...parent, key], "x"),
        })),
      );
    }
  }
  if (!options.length) throw new Error("a body schema with nothing to break");
  return fc.oneof(...options);
}
