import crypto from 'node:crypto';
import { ReserveLimits, ReserveMessages } from '../../../contract/reservations';
import { invalid } from '../../http/envelope';

/** A CSV's header cell: the first line is skipped when it names the column instead of holding a code. */
const HEADER = /^(gift[ _-]?codes?|codes?|cd-?keys?|礼包码|兑换码|激活码|序号)$/i;

/**
 * The codes of an uploaded file: one per line, or a CSV whose first column holds them (a first
 * line naming the column, such as "礼包码" or "code", is skipped; so are empty lines). Each is
 * trimmed and checked; repeats within the text are counted and left out.
 */
export function parseGiftCodes(text: string): { codes: string[]; duplicates: number } {
  if (text.length > ReserveLimits.giftCodeTextMax) throw invalid(ReserveMessages.codesTextTooLong);
  const seen = new Set<string>();
  let duplicates = 0;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let first = true;
  for (const [index, line] of lines.entries()) {
    const code = firstCell(line);
    if (!code) continue;
    const header = first && HEADER.test(code);
    first = false;
    if (header) continue;
    if (!ReserveLimits.giftCodePattern.test(code)) throw invalid(ReserveMessages.codeInvalid(index + 1));
    if (seen.has(code)) duplicates += 1;
    else seen.add(code);
    if (seen.size > ReserveLimits.giftCodesPerAdd) throw invalid(ReserveMessages.codesTooManyPerAdd);
  }
  if (!seen.size) throw invalid(ReserveMessages.codesEmpty);
  return { codes: [...seen], duplicates };
}

/** The first cell of a CSV line, its quotes removed and trimmed. */
function firstCell(line: string): string {
  const cell = line.split(/[,\t;]/, 1)[0] ?? '';
  return cell.trim().replace(/^"(.*)"$/, '$1').trim();
}

/** `count` new codes from the unambiguous alphabet, by the CSPRNG. */
export function generateGiftCodes(count: number): string[] {
  const { generatedCodeAlphabet: alphabet, generatedCodeLength: length } = ReserveLimits;
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let index = 0; index < length; index += 1) code += alphabet[crypto.randomInt(alphabet.length)];
    codes.add(code);
  }
  return [...codes];
}
