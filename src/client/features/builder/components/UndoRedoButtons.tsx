import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCanRedo, selectCanUndo } from '../builderSelectors';
import { editRedone, editUndone } from '../builderSlice';

/** What a key press asks of the history: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo. */
export function historyKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

/**
 * 撤销 and 重做 in the builder's header, and their keys anywhere on the page: in a field too, where
 * the form's own history would know nothing of pictures or of the auto-save.
 */
export default function UndoRedoButtons({ compact }: { compact: boolean }) {
  const dispatch = useAppDispatch();
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const wanted = historyKeyOf(event);
      if (!wanted) return;
      event.preventDefault();
      dispatch(wanted === 'undo' ? editUndone() : editRedone());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  return (
    <Space.Compact>
      <Tooltip title="撤销 (Ctrl+Z)">
        <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={() => dispatch(editUndone())} aria-label="撤销">
          {compact ? null : '撤销'}
        </Button>
      </Tooltip>
      <Tooltip title="重做 (Ctrl+Shift+Z)">
        <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={() => dispatch(editRedone())} aria-label="重做">
          {compact ? null : '重做'}
        </Button>
      </Tooltip>
    </Space.Compact>
  );
}
