"use client";

import { useEffect } from "react";
import { down, onto, up, type Cursor } from "@/components/review/queue-cursor";
import { isShortcut } from "@/components/review/queue-page";
import type { ReviewQueueItem } from "@/components/review/types";

// The review queue's shortcuts (docs/web.md, "The review queue's keyboard model"): `j`/`k` move the
// current row, Enter opens it, `x` selects it, `a` approves it and `r` rejects it (the last three
// for reviewers). Keys typed into a field, with a modifier or while a dialog is open are not
// shortcuts (queue-page.ts).

type Keys = {
  rows: ReviewQueueItem[];
  ids: string[];
  active: number;
  cursor: Cursor;
  canReview: boolean;
  /** An approval is on its way: `a` waits for it. */
  busy: boolean;
  move: (next: Cursor) => void;
  setCursor: (next: Cursor) => void;
  open: (row: ReviewQueueItem) => void;
  toggle: (id: string) => void;
  approve: (row: ReviewQueueItem) => void;
  reject: (row: ReviewQueueItem) => void;
};

export function useQueueKeys({ rows, ids, active, cursor, canReview, busy, move, setCursor, open, toggle, approve, reject }: Keys) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isShortcut(event) || rows.length === 0 || active < 0) return;
      const row = rows[active];
      // Enter on a link, button or checkbox is theirs; anywhere else it opens the current row.
      const onControl = (event.target as HTMLElement).closest("a, button, input, select, textarea");
      const handled = (() => {
        switch (event.key) {
          case "j":
            move(down(cursor, ids));
            return true;
          case "k":
            move(up(cursor, ids));
            return true;
          case "Enter":
            if (onControl) return false;
            open(row);
            return true;
          case "x":
            if (!canReview) return false;
            setCursor(onto(ids, row.id));
            toggle(row.id);
            return true;
          case "a":
            if (!canReview || busy) return false;
            approve(row);
            return true;
          case "r":
            if (!canReview) return false;
            reject(row);
            return true;
          default:
            return false;
        }
      })();
      if (handled) event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rows, ids, active, cursor, canReview, busy, move, setCursor, open, toggle, approve, reject]);
}
