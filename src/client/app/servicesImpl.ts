import type { NoticeKey, Notify, Services } from './services';

/** The part of the data router the services use (kept narrow so that tests can fake it). */
export interface NavigationTarget {
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
  state: { location: { pathname: string; search: string } };
}

type Level = keyof Notify;
interface PendingNotice {
  level: Level;
  text: string;
  key?: NoticeKey;
}

/** Shows a notice, with its key only when it has one. */
function showOn(messages: Notify, { level, text, key }: PendingNotice): void {
  if (key === undefined) messages[level](text);
  else messages[level](text, key);
}

/**
 * The real services. The store (and with it the sagas) is made before the router and before any
 * React component, so both are attached later: the router by index.tsx, antd's message API by
 * <NotifyBridge>. The bridge is loaded when the first notice is waiting for it (see NotifySlot):
 * many visits show no message at all, and they need not download the message component.
 */
export function createAppServices() {
  let router: NavigationTarget | null = null;
  let messages: Notify | null = null;
  const pending: PendingNotice[] = [];
  const waitingListeners = new Set<() => void>();
  /** A notice was announced (prepareNotices): the bridge is wanted before there is one. */
  let announced = false;

  const show = (level: Level) => (text: string, key?: NoticeKey) => {
    const notice: PendingNotice = key === undefined ? { level, text } : { level, text, key };
    if (messages) {
      showOn(messages, notice);
      return;
    }
    pending.push(notice);
    waitingListeners.forEach((listener) => listener());
  };

  const services: Services = {
    navigate(to, options) {
      void router?.navigate(to, options);
    },
    back() {
      void router?.navigate(-1);
    },
    notify: { success: show('success'), info: show('info'), warning: show('warning'), error: show('error') },
    now: () => Date.now(),
    currentLocation() {
      const location = router?.state.location;
      return location ? { pathname: location.pathname, search: location.search } : { pathname: '/', search: '' };
    },
    prepareNotices() {
      if (messages || announced) return;
      announced = true;
      waitingListeners.forEach((listener) => listener());
    },
    download(url, fileName) {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      link.style.display = 'none';
      // Firefox follows a click only on a link that is in the document.
      document.body.appendChild(link);
      link.click();
      link.remove();
    },
    saveFile(data, fileName) {
      const url = URL.createObjectURL(data);
      services.download(url, fileName);
      // The click has handed the file to the browser; the blob's memory goes once it has read it.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };

  return {
    services,
    attachRouter(target: NavigationTarget) {
      router = target;
    },
    attachNotify(target: Notify | null) {
      messages = target;
      if (!target) return;
      for (const notice of pending.splice(0)) showOn(target, notice);
    },
    /** True while notices wait for a message API, or one was announced. */
    hasWaitingNotices: () => !messages && (pending.length > 0 || announced),
    /** Calls `listener` whenever a notice starts waiting; returns the unsubscribe function. */
    onNoticeWaiting(listener: () => void): () => void {
      waitingListeners.add(listener);
      return () => waitingListeners.delete(listener);
    },
  };
}

const app = createAppServices();

/** The services of the running app: given to sagas by makeStore and to the http client at start. */
export const appServices: Services = app.services;
export const attachRouter = app.attachRouter;
export const attachNotify = app.attachNotify;
export const hasWaitingNotices = app.hasWaitingNotices;
export const onNoticeWaiting = app.onNoticeWaiting;
