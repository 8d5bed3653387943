import { Link } from 'react-router-dom';
import { Messages } from '../../contract/messages';
import Notice from './Notice';

/** The screens of later issues: their routes, titles and access already work. */
export default function ComingSoon() {
  return (
    <Notice title={Messages.comingSoon} text="该功能正在开发中，敬请期待。">
      <Link to="/">返回首页</Link>
    </Notice>
  );
}
