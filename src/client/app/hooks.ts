// eslint-disable-next-line no-restricted-imports -- the one place that wraps the untyped hooks in typed ones
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore } from './store';
import type { RootState } from './rootReducer';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself: for starting a lazy feature's sagas where no route does (a dialog of the root shell). */
export const useAppStore = useStore.withTypes<AppStore>();
