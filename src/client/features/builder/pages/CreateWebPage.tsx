import { AppstoreOutlined, ArrowLeftOutlined, CloudDownloadOutlined, FileDoneOutlined, MobileOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Skeleton, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BUILDER_TABS, COMPONENT_TYPE_LABELS } from '../../../../contract/builder';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { lazyWithFeature } from '../../../app/lazyFeatures';
import { musicRequested } from '../../miniSite/miniSiteSlice';
import LazySampleFieldsDialog from '../../../components/LazySampleFieldsDialog';
import { openingOf, RESERVE_TAB, SITE_LIST_PATH, type DrawerTab, type FieldReveal } from '../builder.types';
import { firstInvalidTab, parseSampleKey, TAB_TYPES } from '../builderRules';
import {
  selectActiveTab,
  selectBannerBusy,
  selectBuilderSampleFields,
  selectBuilderSite,
  selectBuilderStatus,
  selectCompleting,
  selectPreviewLoads,
  selectPicker,
  selectSaveStatus,
} from '../builderSelectors';
import { bannerRequested, builderOpened, completeRequested, saveRequested, tabChanged } from '../builderSlice';
import { phonePreviewRequested, selectPhonePreview } from '../../phonePreview/phonePreviewSlice';
import LazyResult from '../../../components/LazyResult';
import PreviewFrame from '../components/PreviewFrame';
import SaveStatusText from '../components/SaveStatusText';
import TabPanel from '../components/TabPanel';
import UndoRedoButtons from '../components/UndoRedoButtons';

// Dialogs the page opens on demand: fetched the first time they are needed.
const TemplatePickerDialog = lazy(() => import(/* webpackChunkName: "builder-picker" */ '../components/TemplatePickerDialog'));
const BannerDialogs = lazy(() => import(/* webpackChunkName: "builder-banner-dialogs" */ '../components/BannerDialogs'));
const PhonePreviewDialog = lazy(() => import(/* webpackChunkName: "phone-preview" */ '../../phonePreview/PhonePreviewDialog'));

export const HEADER_HEIGHT = 56;
const DRAWER_WIDTH = 480;

/** /createWeb (spec screen 7): the site's preview in full screen, and the 组件选择 drawer that edits it. */
export default function CreateWebPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const site = useAppSelector(selectBuilderSite);
  const status = useAppSelector(selectBuilderStatus);
  const activeTab = useAppSelector(selectActiveTab);
  const saveStatus = useAppSelector(selectSaveStatus);
  const completing = useAppSelector(selectCompleting);
  const previewLoads = useAppSelector(selectPreviewLoads);
  const bannerBusy = useAppSelector(selectBannerBusy);
  const pickerOpen = useAppSelector(selectPicker).type !== null;
  const phonePreviewOpen = useAppSelector(selectPhonePreview).target !== null;
  const [drawerOpen, setDrawerOpen] = useState(true);
  const [validateRequest, setValidateRequest] = useState(0);
  const sampleFields = useAppSelector(selectBuilderSampleFields);
  const [checkingSamples, setCheckingSamples] = useState(false);
  const [reveal, setReveal] = useState<FieldReveal | null>(null);
  const { startFeature } = useAppStore();
  // The 预约 tab's settings form and its sagas (the back office's): fetched when the tab is first opened.
  const [ReservePanel] = useState(() =>
    lazyWithFeature(
      startFeature,
      () => import(/* webpackChunkName: "builder-reserve" */ '../components/ReservePanel'),
      () => import(/* webpackChunkName: "builder-reserve" */ '../../siteReserve/feature').then((module) => module.feature),
    ),
  );

  useEffect(() => {
    dispatch(builderOpened({ opening: openingOf(search), page: 'edit' }));
  }, [dispatch, search]);
  useEffect(() => {
    dispatch(musicRequested());
  }, [dispatch]);

  const validateVisible = () => setValidateRequest((count) => count + 1);
  const complete = () => {
    // A site that would go (every field valid) but still holds samples: the user sees which first.
    if (site && !firstInvalidTab(site) && sampleFields.length > 0) {
      setCheckingSamples(true);
      return;
    }
    validateVisible();
    dispatch(completeRequested());
  };
  const showField = (sampleKey: string) => {
    const { type, key } = parseSampleKey(sampleKey);
    const tab = BUILDER_TABS.find((candidate) => TAB_TYPES[candidate].includes(type));
    setCheckingSamples(false);
    setDrawerOpen(true);
    if (tab) dispatch(tabChanged(tab));
    setReveal({ type, key, at: Date.now() });
  };
  const generateBanner = () => {
    validateVisible();
    dispatch(bannerRequested());
  };

  const besideDrawer = drawerOpen && !phone && site ? DRAWER_WIDTH : 0;

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <header
        style={{ height: HEADER_HEIGHT, flex: '0 0 auto', display: 'flex', alignItems: 'center', gap: 12, padding: '0 16px', background: '#fff', borderBottom: '1px solid #f0f0f0', boxShadow: '0 1px 4px rgba(0, 0, 0, 0.04)' }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SITE_LIST_PATH)} aria-label="返回网站列表">
          {phone ? null : '返回'}
        </Button>
        <div style={{ flex: 1, minWidth: 0 }}>
          <h1 style={{ margin: 0, fontSize: 16, lineHeight: '22px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>游戏官网配置</h1>
          <SaveStatusText status={saveStatus} siteName={site?.web_name} />
        </div>
        {site ? <UndoRedoButtons compact={phone} /> : null}
        <Button icon={<MobileOutlined />} onClick={() => site && dispatch(phonePreviewRequested({ kind: 'builder', id: site.id }))} disabled={!site} aria-label="手机预览">
          {phone ? null : '手机预览'}
        </Button>
        <Button icon={<AppstoreOutlined />} onClick={() => setDrawerOpen(true)} disabled={!site} aria-label="组件选择">
          {phone ? null : '组件选择'}
        </Button>
      </header>
      <main style={{ flex: 1, minHeight: 0, marginRight: besideDrawer, transition: 'margin-right 0.2s' }}>
        {site ? (
          <PreviewFrame previewUrl={site.previewUrl} height="100%" loads={previewLoads} />
        ) : status === 'failed' ? (
          <LazyResult
            status="warning"
            title="网站打开失败"
            subTitle="网站不存在或网络异常，可以重试或新建一个网站。"
            extra={[
              <Button key="retry" type="primary" onClick={() => dispatch(builderOpened({ opening: openingOf(search), page: 'edit' }))}>
                重试
              </Button>,
              <Button key="new" onClick={() => navigate('/createWeb?new=1')}>
                新建网站
              </Button>,
            ]}
          />
        ) : (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin size="large" description="正在打开网站…" />
          </div>
        )}
      </main>
      <Drawer
        title="组件选择"
        placement="right"
        open={drawerOpen && site !== null}
        onClose={() => setDrawerOpen(false)}
        // Not modal: the preview beside it stays visible and usable while editing.
        mask={false}
        size={phone ? '100%' : DRAWER_WIDTH}
        rootStyle={{ top: HEADER_HEIGHT }}
        styles={{ body: { paddingTop: 0 } }}
        footer={
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            {activeTab === 'banner' ? (
              <>
                <Button type="primary" ghost icon={<PictureOutlined />} loading={bannerBusy} onClick={generateBanner}>
                  生成banner
                </Button>
                {site?.bannerArtist ? <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)', flex: '1 1 120px' }}>{site.bannerArtist}</span> : null}
              </>
            ) : (
              <Button type="primary" ghost icon={<FileDoneOutlined />} onClick={() => dispatch(saveRequested({ origin: 'resources' }))}>
                生成资源
              </Button>
            )}
            <Button type="primary" icon={<CloudDownloadOutlined />} loading={completing} onClick={complete} style={{ marginLeft: 'auto' }}>
              生成并下载
            </Button>
          </div>
        }
      >
        <Tabs
          activeKey={activeTab}
          onChange={(key) => dispatch(tabChanged(key as DrawerTab))}
          // Seven tabs fit the drawer's width on a desktop with a narrower gap (a phone scrolls them).
          tabBarGutter={20}
          items={[
            ...BUILDER_TABS.map((tab) => ({ key: tab, label: COMPONENT_TYPE_LABELS[tab], children: <TabPanel tab={tab} validateRequest={validateRequest} reveal={reveal} /> })),
            {
              key: RESERVE_TAB,
              label: '预约',
              children: site ? (
                <Suspense fallback={<Skeleton active />}>
                  <ReservePanel builderId={site.id} />
                </Suspense>
              ) : null,
            },
          ]}
        />
      </Drawer>
      <LazySampleFieldsDialog
        open={checkingSamples}
        fields={sampleFields}
        goLabel="生成并下载"
        onGo={() => {
          setCheckingSamples(false);
          validateVisible();
          dispatch(completeRequested());
        }}
        onEdit={showField}
        onClose={() => setCheckingSamples(false)}
      />
      {pickerOpen ? (
        <Suspense fallback={null}>
          <TemplatePickerDialog />
        </Suspense>
      ) : null}
      {bannerBusy ? (
        <Suspense fallback={null}>
          <BannerDialogs />
        </Suspense>
      ) : null}
      {phonePreviewOpen ? (
        <Suspense fallback={null}>
          <PhonePreviewDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
