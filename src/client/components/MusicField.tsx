import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { safeLinkHref } from '../../contract/links';
import type { MusicItem } from '../../contract/miniSite';
import NativeSelect from './NativeSelect';

interface MusicFieldProps {
  /** Set by antd's Form.Item: its label names the select. */
  id?: string;
  /** The chosen track's `value`; '' for no music. */
  value?: string;
  onChange?(value: string): void;
  music: MusicItem[];
  loading: boolean;
}

export const NO_MUSIC_LABEL = '不使用背景音乐';

/** A music field: the tracks to choose from, and a button to listen to the chosen one. */
export default function MusicField({ id, value = '', onChange, music, loading }: MusicFieldProps) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const track = music.find((item) => item.value === value) ?? null;
  const src = safeLinkHref(track?.url);

  const stop = () => {
    audio.current?.pause();
    setPlaying(false);
  };
  // Another track, or leaving the page: the old one stops.
  useEffect(
    () => () => {
      audio.current?.pause();
      setPlaying(false);
    },
    [src],
  );

  const toggle = () => {
    if (playing || !src) {
      stop();
      return;
    }
    audio.current ??= new Audio();
    const player = audio.current;
    player.src = src;
    player.onended = () => setPlaying(false);
    setPlaying(true);
    // The browser may refuse (no sound device, a policy): the button goes back to 试听.
    player.play()?.catch(() => setPlaying(false));
  };

  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <NativeSelect
        id={id}
        value={value}
        onChange={(next) => onChange?.(next)}
        loading={loading}
        style={{ minWidth: 220, flex: 1 }}
        options={[{ value: '', label: NO_MUSIC_LABEL }, ...music.map((item) => ({ value: item.value, label: item.name }))]}
      />
      <Button icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />} disabled={!src} onClick={toggle} aria-label={playing ? '停止试听' : '试听'}>
        {playing ? '停止' : '试听'}
      </Button>
    </div>
  );
}
