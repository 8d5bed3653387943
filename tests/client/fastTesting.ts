import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/*
 * On an antd page in jsdom, getComputedStyle is slow (hundreds of CSS-in-JS rules to match), and
 * Testing Library's role queries (accessible names, visibility) and user-event's pointer-events
 * check call it on element after element: about a second per query or click. These helpers find
 * elements by their text instead and skip the pointer-events check; what the tests assert is the same.
 */

/** The one `selector` element around a text `text` in `container` (the same words may also be a heading). */
function closestOrFail(text: string | RegExp, selector: string, container?: HTMLElement): HTMLElement {
  const found = (container ? within(container) : screen).getAllByText(text).flatMap((element) => element.closest<HTMLElement>(selector) ?? []);
  if (found.length !== 1) throw new Error(`Expected one ${selector} with the text ${String(text)}, found ${found.length}`);
  return found[0];
}

/** The button labelled `text`, in `container` or the page (antd writes two Chinese characters as '登 录': pass a RegExp for those). */
export function button(text: string | RegExp, container?: HTMLElement): HTMLButtonElement {
  return closestOrFail(text, 'button', container) as HTMLButtonElement;
}

/** The tab labelled `text`; check `aria-selected` for the active one. */
export function tab(text: string): HTMLElement {
  return closestOrFail(text, '[role="tab"]');
}

/** The link with the text `text`, in `container` or the page. */
export function link(text: string, container?: HTMLElement): HTMLAnchorElement {
  return closestOrFail(text, 'a', container) as HTMLAnchorElement;
}

/** A user-event instance that does not check `pointer-events` before each click. */
export function fastUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}
