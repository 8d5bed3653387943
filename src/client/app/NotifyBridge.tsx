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
    attachNotify({
      success: (text) => void message.success(text),
      info: (text) => void message.info(text),
      warning: (text) => void message.warning(text),
      error: (text) => void message.error(text),
    });
    return () => attachNotify(null);
  }, [message]);
  return holder;
}
