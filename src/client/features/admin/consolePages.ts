import type { ComponentType } from 'react';
import type { LazyFeature } from '../../app/lazyFeatures';

/** What a console page's folder exports from its index.ts: the page, and its state's saga. */
export interface ConsolePageModule {
  Page: ComponentType;
  feature: LazyFeature;
}

export interface ConsolePage {
  /** Below /admin/; the first page is where /admin itself leads. */
  path: string;
  /** The menu's item and the tab's title. */
  title: string;
  load(): Promise<ConsolePageModule>;
}

/**
 * The operator console's pages (运营后台), in menu order. Only this list is in the first load:
 * each page's code, state and saga come with its route.
 */
export const consolePages: readonly ConsolePage[] = [
  { path: 'overview', title: '概览', load: () => import(/* webpackChunkName: "console-overview" */ './overview') },
  { path: 'queue', title: '任务队列', load: () => import(/* webpackChunkName: "console-queue" */ './queue') },
  { path: 'users', title: '用户', load: () => import(/* webpackChunkName: "console-users" */ './users') },
  { path: 'moderation', title: '内容审核', load: () => import(/* webpackChunkName: "console-moderation" */ './moderation') },
  { path: 'settings', title: '站点设置', load: () => import(/* webpackChunkName: "console-settings" */ './settings') },
  { path: 'log', title: '操作日志', load: () => import(/* webpackChunkName: "console-log" */ './log') },
];

/** The page a console path shows, for the menu's highlight. */
export function consolePageOf(pathname: string): ConsolePage | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '');
  return consolePages.find((page) => rest === page.path || rest.startsWith(`${page.path}/`));
}
