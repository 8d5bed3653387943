import { Segmented } from 'antd';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Notice from '../../../components/Notice';
import PageHeading from '../../../components/PageHeading';
import PageLoading from '../../../components/PageLoading';
import { pageColumnStyle } from '../../../components/pageLayout';
import { TUTORIAL_TYPES, type TutorialType } from '../../../../contract/common';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pageOpened, selectTutorialStatus, selectTutorialType, selectTutorialVideoUrl } from '../tutorialSlice';

/** The link under each video: where its flow starts, said as a user would say it. */
const FLOW_LINK: Readonly<Record<TutorialType, { to: string; text: string }>> = {
  '1': { to: '/', text: '去制作迷你站' },
  '2': { to: '/logo/selectPage?module=tl', text: '去制作LOGO' },
  '3': { to: '/banner/selectPage?module=fsa', text: '去制作整屏动画' },
  '4': { to: '/createWeb', text: '去搭建网站' },
};

/** The whole picture within the window under the header: the captions are at the bottom of the videos. */
const videoStyle: CSSProperties = { display: 'block', width: '100%', maxHeight: 'calc(100vh - 230px)', background: '#000', borderRadius: 8 };

const typeOptions = TUTORIAL_TYPES.map(({ type, label }) => ({ label, value: type }));

function flowOf(type: string) {
  return TUTORIAL_TYPES.find((entry) => entry.type === type);
}

/** /videoTutorial?type=: the tutorial video of that flow, with a switch to the other flows' (spec screen 18). */
export default function VideoTutorialPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const addressType = params.get('type') ?? '1';
  const type = useAppSelector(selectTutorialType);
  const status = useAppSelector(selectTutorialStatus);
  const videoUrl = useAppSelector(selectTutorialVideoUrl);
  const flow = flowOf(type);

  useEffect(() => {
    dispatch(pageOpened({ type: addressType }));
  }, [dispatch, addressType]);

  let body: ReactNode;
  if (status === 'succeeded' && videoUrl) {
    body = (
      <>
        {/* A new key per video: switching flows starts the new one from its beginning. */}
        <video key={videoUrl} src={videoUrl} controls preload="metadata" playsInline style={videoStyle} data-testid="tutorial-video">
          您的浏览器不支持视频播放。
        </video>
        {flow ? (
          <p style={{ marginTop: 12 }}>
            <Link to={FLOW_LINK[flow.type].to}>{FLOW_LINK[flow.type].text}</Link>
          </p>
        ) : null}
      </>
    );
  } else if (status === 'missing' || status === 'failed') {
    const title = status === 'missing' ? Messages.tutorialMissing : '视频加载失败，请稍后重试';
    body = (
      <Notice title={title}>
        <Link to="/">返回首页</Link>
      </Notice>
    );
  } else {
    body = <PageLoading />;
  }

  return (
    <div style={{ ...pageColumnStyle, maxWidth: 1080 }}>
      <PageHeading
        title="视频教程"
        text="每个视频从头到尾演示一遍制作过程，字幕说明每一步。"
        extra={
          <Segmented<string>
            aria-label="教程类型"
            options={typeOptions}
            value={flow?.type ?? ''}
            onChange={(value) => setParams({ type: value }, { preventScrollReset: true })}
          />
        }
      />
      {body}
    </div>
  );
}
