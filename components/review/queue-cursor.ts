// The review queue's keyboard model (docs/web.md, "The review queue's keyboard model"), pure so
// it can be tested without a browser.
//
// One current row: highlighted, the row Enter, `x`, `a` and `r` act on, and the only row that takes
// the keyboard focus inside the list. The cursor is either ON the current row (`landed`: you moved
// there, focused it, or selected it) or just BEFORE it: on a fresh page, and after `a`/`r`, whose
// draft leaves the queue and whose next draft becomes current. `j` goes to the next draft you have
// not been on: from before the current row that is the current row itself, from on it the row after.
// `k` goes to the row above. So, with drafts 1 2 3 4 and nothing pressed yet:
//   `a a`       approves 1 then 2;
//   `j a j a`   approves 1 then 2 (and again `j a j a` 3 then 4): no draft is skipped;
//   `j j a`     approves 2; `Enter` opens 1.

export type Cursor = { currentId: string | null; index: number; landed: boolean };

export const START: Cursor = { currentId: null, index: 0, landed: false };

/** The current row's index among the rows shown (-1 when none): by id, else where it was. */
export function currentIndex(cursor: Cursor, ids: string[]): number {
  if (ids.length === 0) return -1;
  const byId = cursor.currentId ? ids.indexOf(cursor.currentId) : -1;
  return byId >= 0 ? byId : Math.min(Math.max(cursor.index, 0), ids.length - 1);
}

function at(ids: string[], index: number, landed: boolean): Cursor {
  const clamped = Math.min(Math.max(index, 0), Math.max(ids.length - 1, 0));
  return { currentId: ids[clamped] ?? null, index: clamped, landed };
}

/** `j`: onto the current row from before it, else to the row after. */
export function down(cursor: Cursor, ids: string[]): Cursor {
  const index = currentIndex(cursor, ids);
  return at(ids, cursor.landed ? index + 1 : index, true);
}

/** `k`: to the row above (from before the current row too: that is the row above the gap). */
export function up(cursor: Cursor, ids: string[]): Cursor {
  return at(ids, currentIndex(cursor, ids) - 1, true);
}

/** A row took the focus (a click, Tab, a shortcut's own focus) or was selected with `x`: the cursor is on it. */
export function onto(ids: string[], id: string): Cursor {
  const index = ids.indexOf(id);
  return index >= 0 ? { currentId: id, index, landed: true } : { ...START };
}

/**
 * The draft `id` was approved or rejected and leaves the queue (`ids` still holds it): the draft
 * after it becomes current (the one before it when it was the last), and the cursor sits before it.
 */
export function acted(cursor: Cursor, ids: string[], id: string): Cursor {
  const index = ids.indexOf(id);
  if (index < 0) return cursor;
  const rest = ids.filter((other) => other !== id);
  const next = Math.min(index, rest.length - 1);
  return { currentId: rest[next] ?? null, index: Math.max(next, 0), landed: false };
}
