import { useCallback } from 'react';

/**
 * Stands in for antd's Table row selection (table/hooks/useSelection.js; webpack.config.ts swaps it
 * for antd's table modules only). No table here selects rows, yet the hook's static imports put
 * Checkbox, Radio and the tree's check logic on every page with a table. Without `rowSelection`
 * antd's hook only drops the selection column and selects nothing, which is all this one does; a
 * table given `rowSelection` fails loudly: remove the swap first.
 */
export const SELECTION_COLUMN = {};
export const SELECTION_ALL = 'SELECT_ALL';
export const SELECTION_INVERT = 'SELECT_INVERT';
export const SELECTION_NONE = 'SELECT_NONE';

const NO_KEYS: ReadonlySet<unknown> = new Set();

export default function useSelection<Column>(_config: unknown, rowSelection: unknown): [(columns: Column[]) => Column[], ReadonlySet<unknown>] {
  if (rowSelection) throw new Error('A Table was given rowSelection: webpack.config.ts swaps row selection out of the bundle (tableSelectionStub)');
  const transformColumns = useCallback((columns: Column[]) => columns.filter((column) => column !== SELECTION_COLUMN), []);
  return [transformColumns, NO_KEYS];
}
