// "Changes from <parent name> <version>." above a fork's diff (the campaign page's fork cards and
// the step editor's preview of an unsaved fork).
export function ForkParentLine({ parent, className }: { parent: { name: string; version: string } | null | undefined; className: string }) {
  return (
    <p className={className}>
      {parent ? (
        <>
          Changes from{" "}
          <span className="font-mono">
            {parent.name} {parent.version}
          </span>
          .
        </>
      ) : (
        "No parent recorded."
      )}
    </p>
  );
}
