/**
 * Stands in for two parts of antd that this app never uses but that antd imports statically
 * (webpack.config.ts swaps them for their one importer only): a Table column's filter dropdown
 * (antd's Tree, Menu, Checkbox and Radio) and a Card's tabs. Together they were 20 KiB gzip on
 * every back-office page. Using `filters` on a column or `tabList` on a Card fails loudly here:
 * remove the swap in webpack.config.ts first.
 */
interface Filter {
  value: unknown;
  children?: Filter[];
}

/** antd's own (table/hooks/useFilter/FilterDropdown.js): Table calls it on columns with filters only. */
export function flattenKeys(filters: Filter[] | undefined): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}

export default function AntdUnusedPartStub(): never {
  throw new Error('A Table column filter or Card tabList was used: webpack.config.ts swaps them out of the bundle (antdUnusedPartsStub)');
}
