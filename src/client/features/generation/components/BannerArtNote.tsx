import { artMakerText, type BannerArtInfo } from '../../../../contract/generation';
import { safeLinkHref } from '../../../../contract/links';

/**
 * Who made the picture under a banner, as the server said: the AI service by its name, the
 * uploaded key art, or the scene our program draws; with the key art itself when there is one.
 */
export default function BannerArtNote({ art }: { art: BannerArtInfo | null | undefined }) {
  const text = art ? artMakerText(art.artMaker, art.artMakerLabel) : '';
  if (!art || !text) return null;
  const keyArt = safeLinkHref(art.keyArtUrl);
  return (
    <div data-testid="banner-art-note" data-maker={art.artMaker} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginTop: 12 }}>
      {keyArt ? (
        <a href={keyArt} target="_blank" rel="noreferrer">
          <img src={keyArt} alt={text} style={{ display: 'block', width: 128, height: 72, objectFit: 'cover', borderRadius: 4, border: '1px solid #f0f0f0' }} />
        </a>
      ) : null}
      <span style={{ fontSize: 13, color: 'rgba(0, 0, 0, 0.65)' }}>{`画面：${text}`}</span>
    </div>
  );
}
