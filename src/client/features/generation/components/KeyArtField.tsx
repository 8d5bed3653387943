import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { GenerationLimits, checkKeyArtPrompt } from '../../../../contract/generation';
import { safeLinkHref } from '../../../../contract/links';
import { MiniSiteLimits } from '../../../../contract/miniSite';
import ImageUploadField from '../../../components/ImageUploadField';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { imageUploadRequested, selectUploads } from '../../miniSite/miniSiteSlice';
import { keyArtPromptEdited, keyArtPromptRedrafted, keyArtRemoved, keyArtSourceChosen, selectFlowConfig } from '../../selections/selectionsSlice';
import { keyArtSourceOf, keyArtUploadKey, type ConfigSlot, type FlowConfig, type KeyArtSource } from '../../selections/selections.types';
import { selectPaintingError } from '../generationSlice';
import { keyArtProviderRequested, selectKeyArtProvider } from '../keyArtSlice';

const ACCEPT = [...MiniSiteLimits.uploadExtensions, ...MiniSiteLimits.uploadMimeTypes].join(',');
const hintStyle = { margin: '8px 0 0', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' } as const;
/**
 * antd's Alert colours, drawn here: Alert and its icons would be a chunk of their own in the
 * banner page's first load (DESIGN.md section 10's budget), for two notices.
 */
const noticeStyle = {
  error: { background: '#fff2f0', border: '1px solid #ffccc7' },
  warning: { background: '#fffbe6', border: '1px solid #ffe58f' },
} as const;

function Notice({ type, title, text }: { type: keyof typeof noticeStyle; title: string; text?: string }) {
  return (
    <div role={type === 'error' ? 'alert' : 'status'} style={{ ...noticeStyle[type], borderRadius: 8, padding: '8px 12px', marginTop: 12, fontSize: 14 }}>
      <div style={{ color: 'rgba(0, 0, 0, 0.88)', fontWeight: text ? 500 : 400 }}>{title}</div>
      {text ? <div style={{ marginTop: 4, color: 'rgba(0, 0, 0, 0.65)' }}>{text}</div> : null}
    </div>
  );
}

/** The upload of a banner form: the studio's own picture, checked and uploaded like the mini site's. */
function UploadedKeyArt({ slot, config }: { slot: ConfigSlot; config: FlowConfig }) {
  const dispatch = useAppDispatch();
  const key = keyArtUploadKey(slot);
  const upload = useAppSelector(selectUploads)[key];
  const keyArt = config.keyArt ?? '';
  return (
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
  );
}

/**
 * AI生成主视觉: the description the AI paints from (drafted from the game's texts, the user's to
 * change), the service's own name, and the picture it painted last, used again while the
 * description stays; a painting's refusal stays in view beside the description it refused.
 */
function AiKeyArt({ slot, config, label }: { slot: ConfigSlot; config: FlowConfig; label: string }) {
  const dispatch = useAppDispatch();
  const error = useAppSelector((state) => selectPaintingError(state, slot));
  const failedHere = error !== '';
  const prompt = config.keyArtPrompt ?? '';
  const problem = checkKeyArtPrompt(prompt);
  const painted = config.aiKeyArt;
  const reused = painted && painted.prompt.trim() === prompt.trim();
  const paintedSrc = safeLinkHref(painted?.url);
  return (
    <div data-testid="ai-key-art">
      <Form.Item
        label="画面描述"
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? undefined}
        style={{ marginBottom: 8 }}
      >
        <Input.TextArea
          value={prompt}
          aria-label="AI主视觉画面描述"
          autoSize={{ minRows: 3, maxRows: 6 }}
          // Counted in UTF-16 units: never more than the server's count of characters, so it never lets past what it refuses.
          showCount
          maxLength={GenerationLimits.keyArtPromptMax}
          onChange={(event) => dispatch(keyArtPromptEdited({ slot, prompt: event.target.value }))}
        />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Button size="small" onClick={() => dispatch(keyArtPromptRedrafted({ slot }))}>
          按游戏文字重写描述
        </Button>
        <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{`由 ${label || 'AI图像生成服务'} 绘制，生成时先绘制主视觉，再合成视频`}</span>
      </div>
      {painted && paintedSrc ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginTop: 12 }}>
          <img src={paintedSrc} alt="AI生成的主视觉" style={{ width: 160, height: 90, objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }} />
          <span style={{ flex: '1 1 200px', fontSize: 12, color: 'rgba(0, 0, 0, 0.65)' }}>
            {reused ? `AI生成的主视觉（${painted.label}）：再次生成将直接使用这张图，不再重新绘制。` : '描述已修改：再次生成将按新的描述重新绘制主视觉。'}
          </span>
        </div>
      ) : null}
      {failedHere ? <Notice type="error" title="AI主视觉未能生成" text={`${error} 描述与表单内容已保留，可修改后重试。`} /> : null}
    </div>
  );
}

/**
 * A banner form's picture: the style's own scene (drawn by our program), the studio's uploaded key
 * art, or AI生成主视觉 — offered only when the server has an AI service, named as it is.
 */
export default function KeyArtField({ slot }: { slot: ConfigSlot }) {
  const dispatch = useAppDispatch();
  const config = useAppSelector((state) => selectFlowConfig(state, slot));
  const provider = useAppSelector(selectKeyArtProvider);
  useEffect(() => {
    dispatch(keyArtProviderRequested());
  }, [dispatch]);
  const source = keyArtSourceOf(config);
  // Chosen before, when it was offered: still shown, with word that it is not now.
  const offerAi = provider.available || source === 'ai';
  const options: { label: string; value: KeyArtSource }[] = [
    { label: '动画风格场景', value: 'scene' },
    { label: '上传主视觉', value: 'upload' },
    ...(offerAi ? [{ label: 'AI生成主视觉', value: 'ai' as const }] : []),
  ];
  return (
    <Form.Item label="主视觉（动画的底图）">
      {/* Buttons rather than antd's Segmented, which would add its own chunk to the page's first load. */}
      <div role="radiogroup" aria-label="主视觉来源" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        {options.map((option) => (
          <Button
            key={option.value}
            role="radio"
            aria-checked={source === option.value}
            type={source === option.value ? 'primary' : 'default'}
            ghost={source === option.value}
            onClick={() => dispatch(keyArtSourceChosen({ slot, source: option.value }))}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {source === 'scene' ? <p style={hintStyle}>使用所选动画风格的场景（由程序绘制），不需要图片。</p> : null}
      {source === 'upload' ? (
        <>
          <UploadedKeyArt slot={slot} config={config} />
          <p style={hintStyle}>{config.keyArt ? '动画以这张图为底，缓慢推近，叠加所选风格的光效与粒子' : '未上传时使用所选动画风格的场景'}</p>
        </>
      ) : null}
      {source === 'ai' && provider.status === 'succeeded' && !provider.available ? (
        <Notice type="warning" title="AI生成主视觉暂未开启，请上传主视觉图片或使用动画风格的场景" />
      ) : null}
      {source === 'ai' && provider.available ? <AiKeyArt slot={slot} config={config} label={provider.label} /> : null}
    </Form.Item>
  );
}
