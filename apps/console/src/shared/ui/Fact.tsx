import type { ReactNode } from 'react';

/** One labelled figure in a description list (`<dl>`). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-white/50">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
