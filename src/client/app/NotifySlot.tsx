import { lazy, Suspense, useEffect, useState } from 'react';
import { hasWaitingNotices, onNoticeWaiting } from './servicesImpl';

const NotifyBridge = lazy(() => import(/* webpackChunkName: "notify" */ './NotifyBridge'));

/** Mounts the message bridge once the first notice waits for it, and keeps it mounted after. */
export default function NotifySlot() {
  const [needed, setNeeded] = useState(hasWaitingNotices);
  useEffect(() => {
    // A notice may have been sent between the render and this effect.
    if (hasWaitingNotices()) setNeeded(true);
    return onNoticeWaiting(() => setNeeded(true));
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotifyBridge />
    </Suspense>
  );
}
