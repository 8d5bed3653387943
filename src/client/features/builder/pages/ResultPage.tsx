import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Col, Collapse, Grid, Row, Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COMPONENT_TYPE_LABELS, COMPONENT_TYPES } from '../../../../contract/builder';
import Notice from '../../../components/Notice';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { musicRequested } from '../../miniSite/miniSiteSlice';
import { BUILDER_PATH } from '../builder.types';
import { selectBuilderSite, selectBuilderStatus, selectSaveStatus } from '../builderSelectors';
import { builderOpened, saveRequested } from '../builderSlice';
import PreviewFrame from '../components/PreviewFrame';
import SaveStatusText from '../components/SaveStatusText';
import TypeConfigForm from '../components/TypeConfigForm';

/** /result (spec screen 8): the generated site's preview beside every component's form, 返回编辑 and 保存配置. */
export default function ResultPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const site = useAppSelector(selectBuilderSite);
  const status = useAppSelector(selectBuilderStatus);
  const saveStatus = useAppSelector(selectSaveStatus);
  const saving = saveStatus === 'saving';

  useEffect(() => {
    dispatch(builderOpened({ opening: { kind: 'stored' }, page: 'result' }));
    dispatch(musicRequested());
  }, [dispatch]);

  if (!site) {
    if (status === 'failed') {
      return (
        <Notice title="没有可查看的生成结果" text="请先在页面搭建中配置网站。">
          <Link to={BUILDER_PATH}>去搭建网站</Link>
        </Notice>
      );
    }
    return (
      <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: screens.md ? 24 : 12 }}>
      <div style={{ maxWidth: 1440, margin: '0 auto' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <div style={{ flex: 1, minWidth: 200 }}>
            <h1 style={{ margin: 0, fontSize: 20 }}>生成结果</h1>
            <SaveStatusText status={saveStatus} siteName={site.web_name} />
          </div>
          <Button icon={<EditOutlined />} onClick={() => navigate(BUILDER_PATH)}>
            返回编辑
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => dispatch(saveRequested({ origin: 'manual' }))}>
            保存配置
          </Button>
        </div>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Card styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }}>
              <PreviewFrame previewUrl={site.previewUrl} height={screens.xl ? 'calc(100vh - 140px)' : '70vh'} />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card title="网站配置" styles={{ body: { padding: 12 } }}>
              <Collapse
                defaultActiveKey={['main']}
                items={COMPONENT_TYPES.map((type) => ({
                  key: type,
                  label: COMPONENT_TYPE_LABELS[type],
                  extra: <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{site.selectedComponents[type]?.name ?? ''}</span>,
                  forceRender: true,
                  children: <TypeConfigForm type={type} logoReadOnly={type !== 'banner' && type !== 'logo'} validateRequest={0} />,
                }))}
              />
            </Card>
          </Col>
        </Row>
      </div>
    </div>
  );
}
