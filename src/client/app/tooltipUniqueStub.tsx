import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider where ConfigProvider imports it (webpack.config.ts
 * swaps the module for ConfigProvider only). ConfigProvider renders it only for
 * `tooltip={{ unique: true }}`, which this app never sets, yet its static import puts the whole
 * popup engine (@rc-component/trigger, portal, resize observer) into every first load.
 */
export default function TooltipUniqueStub({ children }: { children?: ReactNode }) {
  return children;
}
