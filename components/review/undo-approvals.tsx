"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { webApi } from "@/components/data/web-api";
import { buttonStyles } from "@/components/ui/styles";

// Approvals made on this page can be taken back while their send waits (the server's undo window,
// lib/sending/send-window.ts, 10 s by default; the page passes the server's value in). Each approval shows a line with the seconds left and Undo, in a
// banner fixed at the bottom of the viewport, so it is in view however far the page is scrolled;
// the page reserves its height (onHeight) so nothing it covers is out of reach.

/** The client closes its Undo a little before the server's window closes. */
const clientWindowMs = (undoWindowMs: number) => undoWindowMs - 1000;

/**
 * `sends`: whether the approval sends anything when the window closes (a run stopped after
 * draft_email does not); `waits`: whether it then waits for an SMTP relay (useWaitsForRelay).
 */
export type Undoable = { key: string; ids: string[]; label: string; until: number; sends: boolean; waits: boolean };
export type UndoableOutcome = { sends?: boolean; waits?: boolean };
export type UndoOutcome = { undone: number; failed: string[] };

export function useUndoableApprovals(onChange: () => void, undoWindowMs: number) {
  const [items, setItems] = useState<Undoable[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const live = items.filter((item) => item.until > now);
  useEffect(() => {
    if (live.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [live.length]);

  const add = useCallback(
    (ids: string[], label: string, { sends = true, waits = false }: UndoableOutcome = {}) => {
      const at = Date.now();
      setNow(at);
      setItems((current) => [
        ...current.filter((item) => item.until > at),
        { key: `${ids.join(",")}@${at}`, ids, label, until: at + clientWindowMs(undoWindowMs), sends, waits },
      ]);
    },
    [undoWindowMs],
  );

  const undo = useCallback(
    async (item: Undoable): Promise<UndoOutcome> => {
      setItems((current) => current.filter((other) => other.key !== item.key));
      const results = await Promise.allSettled(item.ids.map((id) => webApi(`/drafts/${id}/undo-approval`, { method: "POST" })));
      onChange();
      return {
        undone: results.filter((r) => r.status === "fulfilled").length,
        failed: results.flatMap((r) => (r.status === "fulfilled" ? [] : [(r.reason as Error).message])),
      };
    },
    [onChange],
  );

  return { items: live, now, add, undo };
}

export function UndoList({
  items,
  now,
  onUndo,
  onHeight,
}: {
  items: Undoable[];
  now: number;
  onUndo: (item: Undoable) => void;
  onHeight?: (px: number) => void;
}) {
  const banner = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  useEffect(() => {
    const element = banner.current;
    if (!onHeight) return;
    if (!element) return onHeight(0);
    const observer = new ResizeObserver(() => onHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => {
      observer.disconnect();
      onHeight(0);
    };
  }, [shown, onHeight]);
  if (!shown) return null;
  return (
    <div ref={banner} className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center px-3 pb-3 lg:pl-64" data-testid="undo-banner">
      <ul aria-label="Approvals you can undo" className="pointer-events-auto max-h-[40vh] w-full max-w-xl space-y-1.5 overflow-y-auto rounded-lg shadow-lg">
        {[...items].reverse().map((item) => {
          /* the newest first: in view even when the banner scrolls */
          const seconds = Math.max(0, Math.ceil((item.until - now) / 1000));
          return (
            <li
              key={item.key}
              data-testid="undo-approval"
              className="flex items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 py-2 pl-4 pr-2 text-sm text-emerald-900"
            >
              <span className="min-w-0 flex-1">
                Approved {item.label}.{" "}
                {!item.sends ? (
                  <>
                    Nothing is sent: its run stops before sending. Undo within <span className="tabular-nums">{seconds}</span> s.
                  </>
                ) : item.waits ? (
                  <>
                    {item.ids.length > 1 ? "Those without a sender wait" : "It waits"} for an SMTP relay; undo within{" "}
                    <span className="tabular-nums">{seconds}</span> s.
                  </>
                ) : (
                  <>
                    Sending in <span className="tabular-nums">{seconds}</span> s.
                  </>
                )}
              </span>
              <button type="button" className={`${buttonStyles.secondary} shrink-0`} onClick={() => onUndo(item)}>
                Undo
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
