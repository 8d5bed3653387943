import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The phone's drawer of the back office and the console: their side menu and top links. */
export default function SiderMenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={240} title="菜单" styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}
