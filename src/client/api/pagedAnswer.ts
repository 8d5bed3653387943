/**
 * A page of a list answer, read defensively: its total (the items' count when the total is missing
 * or malformed), and the last page when the page asked for lies past the end (the list shrank
 * meanwhile) and came back empty, so that the list turns to it; else null.
 */
export function pageOfAnswer(answer: { total?: unknown } | null, itemCount: number, page: number, pageSize: number): { total: number; turnTo: number | null } {
  const given = answer?.total;
  const total = typeof given === 'number' && Number.isFinite(given) && given >= 0 ? given : itemCount;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return { total, turnTo: itemCount === 0 && page > lastPage ? lastPage : null };
}
