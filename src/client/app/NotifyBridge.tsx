import { message as antMessage } from 'antd';
import { useEffect } from 'react';
import { attachNotify } from './servicesImpl';

/**
 * Hands antd's message API to the notify service. The hook form follows the ConfigProvider's
 * locale and theme (the static `message.x()` does not); sagas cannot call hooks, hence this bridge.
 */
export default function NotifyBridge() {
  const [message, holder] = antMessage.useMessage();
  useEffect(() => {
    // A keyed notice replaces the one on screen with its key (services.ts, NoticeKey).
    attachNotify({
      success: (text, key) => void message.open({ type: 'success', content: text, key }),
      info: (text, key) => void message.open({ type: 'info', content: text, key }),
      warning: (text, key) => void message.open({ type: 'warning', content: text, key }),
      error: (text, key) => void message.open({ type: 'error', content: text, key }),
    });
    return () => attachNotify(null);
  }, [message]);
  return holder;
}
