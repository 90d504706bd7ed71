"use client";

import { useCallback, useEffect, useState } from "react";
import { webApi } from "@/components/data/web-api";
import { buttonStyles } from "@/components/ui/styles";

// Approvals made on this page can be taken back while their send waits (the server's undo window,
// lib/drafts/send-window.ts, 10 s). Each approval shows a line with the seconds left and Undo.

export const UNDO_SECONDS = 10;
/** The client closes its Undo a little before the server's window closes. */
const CLIENT_WINDOW_MS = (UNDO_SECONDS - 1) * 1000;

export type Undoable = { key: string; ids: string[]; label: string; until: number };
export type UndoOutcome = { undone: number; failed: string[] };

export function useUndoableApprovals(onChange: () => void) {
  const [items, setItems] = useState<Undoable[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const live = items.filter((item) => item.until > now);
  useEffect(() => {
    if (live.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [live.length]);

  const add = useCallback((ids: string[], label: string) => {
    const at = Date.now();
    setNow(at);
    setItems((current) => [...current.filter((item) => item.until > at), { key: `${ids.join(",")}@${at}`, ids, label, until: at + CLIENT_WINDOW_MS }]);
  }, []);

  const undo = useCallback(async (item: Undoable): Promise<UndoOutcome> => {
    setItems((current) => current.filter((other) => other.key !== item.key));
    const results = await Promise.allSettled(item.ids.map((id) => webApi(`/drafts/${id}/undo-approval`, { method: "POST" })));
    onChange();
    return { undone: results.filter((r) => r.status === "fulfilled").length, failed: results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : [])) };
  }, [onChange]);

  return { items: live, now, add, undo };
}

export function UndoList({ items, now, onUndo }: { items: Undoable[]; now: number; onUndo: (item: Undoable) => void }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Approvals you can undo" className="space-y-2">
      {items.map((item) => {
        const seconds = Math.max(0, Math.ceil((item.until - now) / 1000));
        return (
          <li key={item.key} data-testid="undo-approval" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <span>Approved {item.label}. Sending in <span className="tabular-nums">{seconds}</span> s.</span>
            <button type="button" className={buttonStyles.secondary} onClick={() => onUndo(item)}>Undo</button>
          </li>
        );
      })}
    </ul>
  );
}
