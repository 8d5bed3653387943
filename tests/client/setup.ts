import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { runInThisContext } from 'node:vm';

/*
 * What jsdom lacks and the data router needs: Request/Response (every navigation builds a Request
 * for its loaders), TextEncoder/TextDecoder, streams. They are taken from Node's own realm, with
 * Node's AbortController too, because Node's Request accepts only a signal of its own realm.
 */
const nodeGlobals = ['Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream'] as const;
for (const name of nodeGlobals) {
  const fromNode: unknown = runInThisContext(name);
  if (name.startsWith('Abort') || !(name in globalThis)) Object.defineProperty(globalThis, name, { writable: true, configurable: true, value: fromNode });
}

/*
 * What jsdom lacks and antd needs: matchMedia (responsive observers, Grid, Layout.Sider's
 * breakpoint) and ResizeObserver (rc-resize-observer in Menu, Tabs, Input.TextArea...).
 */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

/*
 * MessageChannel: rc-component (Form's watchers, Overflow, Select) uses a port pair as a macrotask
 * queue. Node's own would keep jest's process alive; a timer does the same job and follows fake timers.
 */
if (!('MessageChannel' in globalThis)) {
  class PortStub {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    partner: PortStub | null = null;
    postMessage(data: unknown): void {
      const target = this.partner;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close(): void {
      this.onmessage = null;
    }
    start(): void {}
    addEventListener(): void {}
    removeEventListener(): void {}
  }
  class MessageChannelStub {
    port1 = new PortStub();
    port2 = new PortStub();
    constructor() {
      this.port1.partner = this.port2;
      this.port2.partner = this.port1;
    }
  }
  Object.defineProperty(globalThis, 'MessageChannel', { writable: true, configurable: true, value: MessageChannelStub });
}

// Media elements: jsdom has no playback, and a <video> test should not log "not implemented".
Object.defineProperty(window.HTMLMediaElement.prototype, 'load', { configurable: true, value: () => {} });
Object.defineProperty(window.HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
Object.defineProperty(window.HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });

/*
 * @ant-design/icons' CommonJS build requires the ES-module build of @ant-design/colors' generate
 * (a packaging slip of icons 6.x) which jest cannot load untransformed: use its CommonJS twin.
 */
jest.mock('@ant-design/colors/es/generate', () => jest.requireActual('@ant-design/colors/lib/generate'));

// Each test starts with empty storage: redux-persist and the features keep state there.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/*
 * antd measures the scrollbar through `getComputedStyle(el, '::-webkit-scrollbar')` when a modal
 * opens; jsdom implements only the one-argument form and logs an error for the other.
 */
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

/*
 * The suite runs two files at a time on two cores, a client file often beside a render that keeps
 * both busy: a lazily loaded component (the header's user menu) can take seconds to first import
 * there. Waits give it ten, tests twenty.
 */
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(20_000);
