import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeLinkHref } from '../../../../contract/links';
import { resultZipName } from '../../../../contract/works';
import { checkerboardStyle } from '../../../components/checkerboard';
import FlowSteps from '../../../components/FlowSteps';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { useAppSelector } from '../../../app/hooks';
import { useZipDownload } from '../../download/useZipDownload';
import { logoModuleOf } from '../../generation/moduleQuery';
import { selectFlowConfig } from '../../selections/selectionsSlice';

/** /logo/preview?logoUrl&fileName: the generated logo, and its zip (spec screen 14). */
export default function LogoPreviewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The address is user input: only http(s) or same-site URLs are shown and packed.
  const logoUrl = safeLinkHref(params.get('logoUrl'));
  const config = useAppSelector((state) => selectFlowConfig(state, 'alone'));
  const fileName = params.get('fileName') || resultZipName(config.logotext, logoModuleOf(config.module));
  const { download, downloading } = useZipDownload(fileName, logoUrl ? [logoUrl] : []);
  const configPath = `/logo/config?module=${logoModuleOf(config.module)}`;

  if (!logoUrl) {
    return (
      <Notice title="没有可预览的LOGO" text="请先生成LOGO。">
        <Link to="/logo/selectPage?module=tl">去生成LOGO</Link>
      </Notice>
    );
  }

  return (
    <div style={pageColumnStyle}>
      <FlowSteps flow="logo" current={2} />
      <PageHeading
        title="LOGO预览"
        text="LOGO已生成，下载已自动开始；如未开始，请点击“下载”。"
        extra={
          <div style={{ display: 'flex', gap: 12 }}>
            <Button icon={<EditOutlined />} onClick={() => navigate(configPath)}>
              返回修改
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              下载
            </Button>
          </div>
        }
      />
      <Card>
        <div style={{ ...checkerboardStyle, borderRadius: 8, display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 360, padding: 24 }}>
          <img src={logoUrl} alt="生成的LOGO" style={{ display: 'block', maxWidth: '100%', maxHeight: 480, objectFit: 'contain' }} />
        </div>
      </Card>
    </div>
  );
}
