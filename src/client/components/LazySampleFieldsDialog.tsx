import { lazy, type ComponentProps } from 'react';
import MountOnce from './MountOnce';
import type SampleFieldsDialog from './SampleFieldsDialog';

// Its Modal is fetched when a form first still holds samples at 生成: the logo and banner config
// pages stay under DESIGN.md section 10's route budget without it.
const Dialog = lazy(() => import(/* webpackChunkName: "sample-fields" */ './SampleFieldsDialog'));

/** SampleFieldsDialog, loaded the first time it opens and kept after (its closing animation, then onEdit). */
export default function LazySampleFieldsDialog(props: ComponentProps<typeof SampleFieldsDialog>) {
  return (
    <MountOnce wanted={props.open}>
      <Dialog {...props} />
    </MountOnce>
  );
}
