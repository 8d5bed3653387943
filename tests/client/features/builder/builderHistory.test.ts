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
import { autoSaveSaga } from '../../../../src/client/features/builder/autoSaveSaga';
import { selectCanRedo, selectCanUndo } from '../../../../src/client/features/builder/builderSelectors';
import { editRedone, editUndone, fieldEdited, musicChosen, siteLoaded, siteReplaced, templateSwitched } from '../../../../src/client/features/builder/builderSlice';
import { historyKeyOf } from '../../../../src/client/features/builder/components/UndoRedoButtons';
import { BuilderLimits, COMPONENT_TYPES, type SaveConfigRequest } from '../../../../src/contract/builder';
import { makeFakeServices } from '../../fakeServices';
import { rootReducer } from '../../sagaHarness';
import { openState, site, template } from './builderHarness';
import { runOnFakeClock } from '../../fakeClock';

const apply = (state: RootState, ...actions: Action[]): RootState => actions.reduce((current, action) => rootReducer(current, action), state);
const typed = (value: string) => fieldEdited({ type: 'main', key: 'siteName', value }) as Action;
const nameOf = (state: RootState) => state.builder.site?.formData.main.siteName;

function providers(): EffectProviders {
  const services = makeFakeServices({ pathname: '/createWeb', search: '' });
  return { getContext: (name, next) => (name === SERVICES ? services : next()) };
}

/** saveConfig answering a saved site, each request noted in `calls`. */
const savedAs = (calls: unknown[][]) =>
  dynamic(({ args }: { args: unknown[] }) => {
    calls.push(args);
    return site({}, 2);
  });

describe('builder: undo and redo', () => {
  it('takes back a field\u2019s typing as one step, and brings it back', () => {
    let state = apply(openState(), typed('龙'), typed('龙腾'), typed('龙腾四海'));
    expect(state.builder.history.past).toEqual([{ kind: 'field', type: 'main', key: 'siteName', before: '龙腾天下', after: '龙腾四海' }]);
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
    expect(state.builder.history.past.map((step) => step.kind === 'field' && step.after)).toEqual(['龙腾四海', '龙腾']);
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

  it('starts afresh with another site', () => {
    const state = apply(openState(), typed('龙腾四海'), siteLoaded(site({ id: 43 })) as Action);
    expect(state.builder.history).toEqual({ past: [], future: [], open: false });
  });

  it('takes back a template switch as one step: the template, its fields and their values, and brings it back', () => {
    const headFields = [{ name: '导航', children: [{ key: 'headLogo', name: '导航LOGO', type: 'banner_logo' as const, value: '' }] }];
    const switched = site({
      selectedComponents: { ...site().selectedComponents, head: { ...template('head', 9), config: headFields } },
      configData: { ...site().configData, head: headFields },
      formData: { ...site().formData, head: { headLogo: '' } },
    }, 2);
    let state = apply(openState(), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action, templateSwitched(switched) as Action);
    expect(state.builder.history.past.map((step) => step.kind)).toEqual(['field', 'template']);
    expect(state.builder.site?.selectedComponents.head.id).toBe(9);

    state = apply(state, editUndone() as Action);
    expect(state.builder.site?.selectedComponents.head.id).toBe(1);
    expect(state.builder.site?.configData.head).toEqual(site().configData.head);
    expect(state.builder.site?.formData.head).toEqual({ nav1: '新闻', headLogo: '' });
    // The save sends the old template and every value of the form, so the server sets both back.
    expect(state.builder.pending.head).toEqual({ nav1: '新闻', headLogo: '' });
    expect(Object.keys(state.builder.pending).sort()).toEqual([...COMPONENT_TYPES].sort());

    // The edit before the switch is still there to take back.
    state = apply(state, editUndone() as Action);
    expect(state.builder.site?.formData.head.nav1).toBe('首页');
    state = apply(state, editRedone() as Action, editRedone() as Action);
    expect(state.builder.site?.selectedComponents.head.id).toBe(9);
    expect(state.builder.site?.formData.head).toEqual({ headLogo: '' });
  });

  it('skips a step whose field the site no longer has (a change the history did not see)', () => {
    let state = apply(openState(), typed('龙腾四海'), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action);
    state = apply(state, siteReplaced(site({ formData: { ...site().formData, head: { headLogo: '' } } }, 2)) as Action);
    state = apply(state, editUndone() as Action);
    expect(nameOf(state)).toBe('龙腾天下');
    expect(selectCanUndo(state)).toBe(false);
  });

  it('takes back a music change as a step of its own', () => {
    let state = apply(openState(), musicChosen({ type: 'main', key: 'bgm', value: '/music/guqin.mp3' }) as Action, musicChosen({ type: 'main', key: 'bgm', value: '/music/epic.mp3' }) as Action);
    expect(state.builder.history.past).toHaveLength(2);
    state = apply(state, editUndone() as Action);
    expect(state.builder.site?.formData.main.bgm).toBe('/music/guqin.mp3');
    expect(state.builder.pending.main).toEqual({ bgm: '/music/guqin.mp3' });
    state = apply(state, editUndone() as Action);
    expect(state.builder.site?.formData.main.bgm).toBe('');
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

  it('saves the form after an undo, as after an edit, a second after it', async () => {
    const calls: unknown[][] = [];
    const state = apply(openState(), typed('龙腾四海'));
    jest.useFakeTimers();
    try {
      const run = runOnFakeClock(
        expectSaga(autoSaveSaga)
          .withReducer(rootReducer, { ...state, builder: { ...state.builder, pending: {} } })
          .provide([providers(), [matchers.call.fn(builderApi.saveConfig), savedAs(calls)]]),
      );
      run.dispatch(editUndone());
      await run.advance(BuilderLimits.autoSaveDebounceMs - 1);
      expect(calls).toHaveLength(0);
      await run.advance(1);
      await run.finish();
    } finally {
      jest.useRealTimers();
    }
    expect(calls).toHaveLength(1);
    expect((calls[0][0] as SaveConfigRequest).formData.main.siteName).toBe('龙腾天下');
  });

  it('saves an undone template switch with the template it had and every value of its form', async () => {
    const calls: unknown[][] = [];
    const switched = site({ selectedComponents: { ...site().selectedComponents, head: template('head', 9) } }, 2);
    const state = apply(openState(), templateSwitched(switched) as Action);
    jest.useFakeTimers();
    try {
      const run = runOnFakeClock(expectSaga(autoSaveSaga).withReducer(rootReducer, state).provide([providers(), [matchers.call.fn(builderApi.saveConfig), savedAs(calls)]]));
      run.dispatch(editUndone());
      await run.finish();
    } finally {
      jest.useRealTimers();
    }
    expect(calls).toHaveLength(1);
    const request = calls[0][0] as SaveConfigRequest;
    expect(request.selectedComponents.head).toBe(1);
    expect(request.formData.head).toEqual(site().formData.head);
  });
});
