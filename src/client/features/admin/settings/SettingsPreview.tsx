import { configureStore } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import type { SiteConfig } from '../../../../contract/common';
import { authSlice } from '../../auth/authSlice';
import PublicFooter from '../../layout/components/PublicFooter';
import PublicHeader from '../../layout/components/PublicHeader';
import { refreshSucceeded, siteConfigSlice } from '../../siteConfig/siteConfigSlice';
import '../../layout/publicLayout.css';

/** A store of its own for the preview: the public layout reads the site config (and whether someone is logged in) from it. */
function previewStore(config: SiteConfig) {
  return configureStore({
    reducer: { siteConfig: siteConfigSlice.reducer, auth: authSlice.reducer },
    preloadedState: { siteConfig: { config } },
  });
}

/**
 * The public header and footer as a visitor would see them with the edited settings: the real
 * layout components, given a store that holds the draft instead of the site's config. Inert: a
 * click on the preview's links goes nowhere.
 */
export default function SettingsPreview({ config }: { config: SiteConfig }) {
  const [store] = useState(() => previewStore(config));
  useEffect(() => {
    store.dispatch(refreshSucceeded(config));
  }, [store, config]);
  return (
    <Provider store={store}>
      <div className="wpg-public wpg-settings-preview" inert data-testid="settings-preview" style={{ minHeight: 0, border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
        <PublicHeader />
        <div style={{ padding: 24, color: 'rgba(0,0,0,0.45)', textAlign: 'center' }}>（页面内容）</div>
        <PublicFooter />
      </div>
    </Provider>
  );
}
