/**
 * Stands in for parts of antd that this app never uses but that antd imports statically
 * (webpack.config.ts swaps them for their one importer only): a Table column's filter dropdown
 * (antd's Tree, Menu, Checkbox and Radio), a Card's tabs and the one-time-code Input.OTP. Together
 * they were over 20 KiB gzip on every back-office page. Using `filters` on a column, `tabList` on
 * a Card or Input.OTP fails loudly here: remove the swap in webpack.config.ts first.
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
  throw new Error('A Table column filter, Card tabList or Input.OTP was used: webpack.config.ts swaps them out of the bundle (antdUnusedPartsStub)');
}
