import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of the SPA that loads with its route, not with the first page: its slices inject
 * themselves into the root reducer as their module loads (RTK's `slice.injectInto(rootReducer)`),
 * and its saga is started by the route, once per store. The operator console is one: no visitor
 * downloads its code or carries its state. So are the flows' pages past the first one (config,
 * preview, back office): the first page's budget leaves no room for their sagas.
 */
export interface LazyFeature {
  /** Names the feature: a second start of the same name does nothing. */
  name: string;
  saga: () => Generator;
}

/** Starts a lazy feature's saga in the store, if it is not running yet. */
export type StartFeature = (feature: LazyFeature) => void;

/**
 * A component fetched the first time it renders, with the lazy feature whose sagas its flows need:
 * the feature starts before the component shows (it may ask for data as it mounts).
 */
export function lazyWithFeature<Props extends object>(
  startFeature: StartFeature,
  load: () => Promise<{ default: ComponentType<Props> }>,
  loadFeature: () => Promise<LazyFeature>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [component, feature] = await Promise.all([load(), loadFeature()]);
    startFeature(feature);
    return component;
  });
}
