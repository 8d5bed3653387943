import { eventChannel, type EventChannel } from 'redux-saga';

/**
 * The window's `online` events (back online) or `pagehide` events (the tab closing, reloading or
 * leaving the app), for a saga to take through `call`, so that its tests provide them.
 */
export function windowEvents(name: 'online' | 'pagehide'): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const listener = () => emit(true);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  });
}
