import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Notice from '../../../components/Notice';
import PageLoading from '../../../components/PageLoading';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pageOpened, selectTutorialStatus, selectTutorialVideoUrl } from '../tutorialSlice';

/** /videoTutorial?type=: the tutorial video of that type (spec screen 18). */
export default function VideoTutorialPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const type = params.get('type') ?? '1';
  const status = useAppSelector(selectTutorialStatus);
  const videoUrl = useAppSelector(selectTutorialVideoUrl);

  useEffect(() => {
    dispatch(pageOpened({ type }));
  }, [dispatch, type]);

  if (status === 'succeeded' && videoUrl) {
    return (
      <div style={{ maxWidth: 1080, margin: '0 auto' }}>
        <video src={videoUrl} controls style={{ width: '100%', background: '#000' }} data-testid="tutorial-video">
          您的浏览器不支持视频播放。
        </video>
      </div>
    );
  }
  if (status === 'missing' || status === 'failed') {
    const title = status === 'missing' ? Messages.tutorialMissing : '视频加载失败，请稍后重试';
    return (
      <Notice title={title}>
        <Link to="/">返回首页</Link>
      </Notice>
    );
  }
  return <PageLoading />;
}
