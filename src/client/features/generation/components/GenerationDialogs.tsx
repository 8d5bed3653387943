import LoadingDialog from './LoadingDialog';
import QueueConfirmDialog from './QueueConfirmDialog';

/** The two dialogs of a generation, mounted once at the app root (any flow may run one). */
export default function GenerationDialogs() {
  return (
    <>
      <LoadingDialog />
      <QueueConfirmDialog />
    </>
  );
}
