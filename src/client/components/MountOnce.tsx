import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` from the first time `wanted` is true, and keeps them mounted after (closing
 * animations, form state). With a lazy child, its chunk is fetched only then: a dialog that most
 * visits never open stays out of the page's JS (DESIGN.md section 10).
 */
export default function MountOnce({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(wanted);
  if (wanted && !needed) setNeeded(true);
  if (!needed) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
