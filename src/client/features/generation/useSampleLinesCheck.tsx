import type { FormInstance } from 'antd';
import { useCallback, useState, type ReactElement } from 'react';
import type { BannerTexts, LogoTexts } from '../../../contract/generation';
import LazySampleFieldsDialog from '../../components/LazySampleFieldsDialog';
import type { SampleField } from '../../components/SampleFieldsDialog';
import { useAppSelector } from '../../app/hooks';
import { flowTextKeyOf, foreignLinesOf } from '../selections/samples';
import { selectGameIdentity } from '../selections/selectionsSlice';

const GO_LABELS = { logo: '生成LOGO', banner: '生成整屏动画' } as const;
const TARGETS = { logo: 'LOGO', banner: '整屏动画' } as const;

/**
 * The check before 生成LOGO / 生成整屏动画: a logo that names the user's game but still carries the
 * sample game's lines is listed first, each line a link to its field; going on anyway is allowed.
 */
export function useSampleLinesCheck<Values>(form: FormInstance<Values>): {
  /** Runs `go` at once, or after the user chose to go on past the listed lines. */
  check(kind: 'logo' | 'banner', texts: Partial<LogoTexts & BannerTexts>, go: () => void): void;
  dialog: ReactElement;
} {
  // Kept after closing, so that the dialog does not empty while it fades out.
  const [pending, setPending] = useState<{ kind: 'logo' | 'banner'; fields: SampleField[]; go: () => void } | null>(null);
  const [open, setOpen] = useState(false);
  const gameName = useAppSelector(selectGameIdentity).game_name ?? '';

  const check = useCallback((kind: 'logo' | 'banner', texts: Partial<LogoTexts & BannerTexts>, go: () => void) => {
    const fields = foreignLinesOf(texts, kind, gameName);
    if (fields.length === 0) {
      go();
      return;
    }
    setPending({ kind, fields, go });
    setOpen(true);
  }, [gameName]);

  const kind = pending?.kind ?? 'logo';
  const dialog = (
    <LazySampleFieldsDialog
      open={open}
      fields={pending?.fields ?? []}
      goLabel={GO_LABELS[kind]}
      target={TARGETS[kind]}
      onGo={() => {
        setOpen(false);
        pending?.go();
      }}
      onEdit={(key) => {
        const field = flowTextKeyOf(key);
        if (field) form.scrollToField(field, { block: 'center', focus: true });
      }}
      onClose={() => setOpen(false)}
    />
  );
  return { check, dialog };
}
