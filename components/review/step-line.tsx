// A draft's step and wait in one line ("Step 2 of 3 · follow-up · sent 3 days after step 1"), as the
// review queue's rows and the draft page show it; nothing for a first email of a one-step run.

export function StepLine({ step, wait, className, testId }: { step: string | null; wait: string | null; className: string; testId: string }) {
  if (!step) return null;
  return (
    <p className={className} data-testid={testId}>
      <span className="whitespace-nowrap font-medium text-indigo-800">{step}</span>
      {wait ? (
        <>
          {" · "}
          <span className="whitespace-nowrap">{wait}</span>
        </>
      ) : null}
    </p>
  );
}
