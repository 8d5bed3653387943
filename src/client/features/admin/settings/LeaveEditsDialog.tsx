import { Modal } from 'antd';

/** Asked when the operator leaves 站点设置 with edits not saved. */
export default function LeaveEditsDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  return (
    <Modal open={open} title="有未保存的修改" okText="离开" cancelText="留下" onOk={onLeave} onCancel={onStay}>
      离开后，未保存的站点设置修改将丢失。
    </Modal>
  );
}
