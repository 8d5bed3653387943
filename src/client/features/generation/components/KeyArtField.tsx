import { Button, Form } from 'antd';
import { MiniSiteLimits } from '../../../../contract/miniSite';
import ImageUploadField from '../../../components/ImageUploadField';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { imageUploadRequested, selectUploads } from '../../miniSite/miniSiteSlice';
import { keyArtRemoved, selectFlowConfig } from '../../selections/selectionsSlice';
import { keyArtUploadKey, type ConfigSlot } from '../../selections/selections.types';

const ACCEPT = [...MiniSiteLimits.uploadExtensions, ...MiniSiteLimits.uploadMimeTypes].join(',');

/**
 * A banner form's optional key art: the studio's own picture (a character, a scene) that the video
 * is drawn over instead of the style's scene. Uploaded like the mini site's pictures, with their
 * checks and progress; kept in the form until removed.
 */
export default function KeyArtField({ slot }: { slot: ConfigSlot }) {
  const dispatch = useAppDispatch();
  const keyArt = useAppSelector((state) => selectFlowConfig(state, slot)).keyArt ?? '';
  const key = keyArtUploadKey(slot);
  const upload = useAppSelector(selectUploads)[key];
  return (
    <Form.Item label="主视觉图（选填）" extra={keyArt ? '动画以这张图为底，缓慢推近，叠加所选风格的光效与粒子' : '不上传则使用所选动画风格的场景'}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
        <ImageUploadField
          value={keyArt}
          label="主视觉图"
          upload={upload}
          accept={ACCEPT}
          hint="游戏角色或场景原画，横图最佳；支持 jpeg、png、gif、webp、bmp，不超过50MB"
          onPick={(file) => dispatch(imageUploadRequested({ key, file }))}
        />
        {keyArt && upload?.status !== 'loading' ? (
          <Button type="link" danger onClick={() => dispatch(keyArtRemoved({ slot }))}>
            移除主视觉图
          </Button>
        ) : null}
      </div>
    </Form.Item>
  );
}
