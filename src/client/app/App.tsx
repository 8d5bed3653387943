import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'react-redux';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import PageLoading from '../components/PageLoading';
import NotifySlot from './NotifySlot';
import type { AppStore } from './store';
import { useMediaQuery } from './useMediaQuery';

/** The system setting to keep things still (vestibular disorders, slow machines): antd's dialogs, popovers and pagers then appear at once. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
const STILL: ThemeConfig = { token: { motion: false } };

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: DataRouter;
}

/**
 * The app root: antd in Chinese, the store (after rehydration) and the router. No antd <App>
 * wrapper: its modal and notification code (and through them antd's Form) would add about 40 KiB
 * gzip to every first load (DESIGN.md section 10); messages come from the lazily mounted bridge and
 * dialogs are declared where they are used.
 */
export default function App({ store, persistor, router }: AppProps) {
  const still = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider locale={zhCN} theme={still ? STILL : undefined}>
      <NotifySlot />
      <Provider store={store}>
        <PersistGate loading={<PageLoading />} persistor={persistor}>
          <RouterProvider router={router} />
        </PersistGate>
      </Provider>
    </ConfigProvider>
  );
}
