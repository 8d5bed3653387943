/**
 * Undo and redo in the builder (issue 15, part 4): field edits and pictures are steps, keystrokes
 * in one field are one step, at least 100 steps are kept, a new edit drops what was undone, another
 * site starts a history of its own, and an undo is saved like any edit.
 */
import type { Action } from 'redux';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type EffectProviders } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { SERVICES } from '../../../../src/client/app/services';
import { UNDO_STEPS } from '../../../../src/client/features/builder/builder.types';
import { autoSaveSaga } from '../../../../src/client/features/builder/builderSaga';
import { selectCanRedo, selectCanUndo } from '../../../../src/client/features/builder/builderSelectors';
import { editRedone, editUndone, fieldEdited, siteLoaded, siteReplaced } from '../../../../src/client/features/builder/builderSlice';
import { historyKeyOf } from '../../../../src/client/features/builder/components/UndoRedoButtons';
import { BuilderLimits } from '../../../../src/contract/builder';
import { makeFakeServices } from '../../fakeServices';
import { rootReducer } from '../auth/sagaHarness';
import { openState, site } from './builderHarness';

const apply = (state: RootState, ...actions: Action[]): RootState => actions.reduce((current, action) => rootReducer(current, action), state);
const typed = (value: string) => fieldEdited({ type: 'main', key: 'siteName', value }) as Action;
const nameOf = (state: RootState) => state.builder.site?.formData.main.siteName;

describe('builder: undo and redo', () => {
  it('takes back a field\u2019s typing as one step, and brings it back', () => {
    let state = apply(openState(), typed('龙'), typed('龙腾'), typed('龙腾四海'));
    expect(state.builder.history.past).toEqual([{ type: 'main', key: 'siteName', before: '龙腾天下', after: '龙腾四海' }]);
    state = apply(state, editUndone() as Action);
    expect(nameOf(state)).toBe('龙腾天下');
    // The undone value goes to the server like an edit.
    expect(state.builder.pending).toEqual({ main: { siteName: '龙腾天下' } });
    expect([selectCanUndo(state), selectCanRedo(state)]).toEqual([false, true]);
    state = apply(state, editRedone() as Action);
    expect(nameOf(state)).toBe('龙腾四海');
    expect([selectCanUndo(state), selectCanRedo(state)]).toEqual([true, false]);
  });

  it('keeps each field\u2019s edits and each picture as steps of their own, undone last first', () => {
    let state = apply(
      openState(),
      typed('龙腾四海'),
      fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action,
      fieldEdited({ type: 'content', key: 'cover', value: '/uploads/a.jpg', kind: 'whole' }) as Action,
      fieldEdited({ type: 'content', key: 'cover', value: '/uploads/b.jpg', kind: 'whole' }) as Action,
    );
    expect(state.builder.history.past).toHaveLength(4);
    state = apply(state, editUndone() as Action);
    expect(state.builder.site?.formData.content.cover).toBe('/uploads/a.jpg');
    state = apply(state, editUndone() as Action, editUndone() as Action);
    expect(state.builder.site?.formData.content.cover).toBe('/static/c.jpg');
    expect(state.builder.site?.formData.head.nav1).toBe('首页');
    expect(nameOf(state)).toBe('龙腾四海');
    // A new edit drops what was undone.
    state = apply(state, fieldEdited({ type: 'footer', key: 'copyright', value: '© 四海' }) as Action);
    expect(selectCanRedo(state)).toBe(false);
    // Typing in the field again after an undo is a new step, not the old one's.
    state = apply(state, editUndone() as Action, typed('龙腾'));
    expect(state.builder.history.past.map((step) => step.after)).toEqual(['龙腾四海', '龙腾']);
  });

  it('keeps at least 100 steps, the oldest going first', () => {
    let state = openState();
    for (let n = 0; n < UNDO_STEPS + 20; n += 1) state = apply(state, fieldEdited({ type: 'head', key: 'nav1', value: `栏目${n}`, kind: 'whole' }) as Action);
    expect(UNDO_STEPS).toBeGreaterThanOrEqual(100);
    expect(state.builder.history.past).toHaveLength(UNDO_STEPS);
    for (let n = 0; n < UNDO_STEPS; n += 1) state = apply(state, editUndone() as Action);
    expect(state.builder.site?.formData.head.nav1).toBe('栏目19');
    expect(selectCanUndo(state)).toBe(false);
    for (let n = 0; n < UNDO_STEPS; n += 1) state = apply(state, editRedone() as Action);
    expect(state.builder.site?.formData.head.nav1).toBe(`栏目${UNDO_STEPS + 19}`);
  });

  it('records nothing for values the user did not set, or set to what they were', () => {
    const state = apply(openState(), fieldEdited({ type: 'main', key: 'siteName', value: '游戏名', kind: 'none' }) as Action, fieldEdited({ type: 'head', key: 'nav1', value: '首页' }) as Action);
    expect(state.builder.history.past).toEqual([]);
    // Typed back to where it began: nothing to undo.
    expect(apply(openState(), typed('龙'), typed('龙腾天下')).builder.history.past).toEqual([]);
  });

  it('starts afresh with another site, and forgets steps of fields a template switch took away', () => {
    let state = apply(openState(), typed('龙腾四海'), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action);
    const switched = site({ formData: { ...site().formData, head: { headLogo: '' } } }, 2);
    state = apply(state, siteReplaced(switched) as Action);
    expect(state.builder.history.past.map((step) => step.key)).toEqual(['siteName']);
    state = apply(state, siteLoaded(site({ id: 43 })) as Action);
    expect(state.builder.history).toEqual({ past: [], future: [], open: false });
  });

  it('reads Ctrl/\u2318+Z as undo and Ctrl/\u2318+Shift+Z or Ctrl+Y as redo', () => {
    const key = (init: Partial<KeyboardEvent>) => historyKeyOf({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init });
    expect(key({ ctrlKey: true })).toBe('undo');
    expect(key({ metaKey: true })).toBe('undo');
    expect(key({ ctrlKey: true, shiftKey: true, key: 'Z' })).toBe('redo');
    expect(key({ metaKey: true, shiftKey: true })).toBe('redo');
    expect(key({ ctrlKey: true, key: 'y' })).toBe('redo');
    expect(key({})).toBeNull();
    expect(key({ ctrlKey: true, altKey: true })).toBeNull();
    expect(key({ ctrlKey: true, key: 'x' })).toBeNull();
  });

  it('saves the form after an undo, as after an edit', async () => {
    const services = makeFakeServices({ pathname: '/createWeb', search: '' });
    const providers: EffectProviders = { getContext: (name, next) => (name === SERVICES ? services : next()) };
    const calls: unknown[][] = [];
    const saved = dynamic(({ args }: { args: unknown[] }) => {
      calls.push(args);
      return site({}, 2);
    });
    const state = apply(openState(), typed('龙腾四海'));
    // Real time: the auto-save's debounce runs on redux-saga's own delay.
    await expectSaga(autoSaveSaga)
      .withReducer(rootReducer, { ...state, builder: { ...state.builder, pending: {} } })
      .provide([providers, [matchers.call.fn(builderApi.saveConfig), saved]])
      .dispatch(editUndone())
      .silentRun(BuilderLimits.autoSaveDebounceMs + 400);
    expect(calls).toHaveLength(1);
    expect((calls[0][0] as { formData: { main: { siteName: string } } }).formData.main.siteName).toBe('龙腾天下');
  });
});
