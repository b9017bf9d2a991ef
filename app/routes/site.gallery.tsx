import { useSearchParams } from '@remix-run/react';
import type { PublicSiteContent } from '../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { EmptyState, SitePage } from '~/components/site/page';
import { siteMeta, useSite } from '~/components/site/site-data';
import { SiteImage } from '~/components/site/site-image';
import { mutedText, surface, textLink } from '~/components/site/styles';
import { siteHref } from '~/lib/public-site';

export const meta = siteMeta('Gallery');

type Album = PublicSiteContent['gallery']['albums'][number];
type ImageSizes = PublicSiteContent['gallery']['imageSizes'];

/** A grid of one, two or three columns in the container (72rem less its padding), 24 pixels apart. */
const GRID_SIZES =
  '(min-width: 1152px) 352px, (min-width: 1024px) calc(33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)';

const photos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;

function AlbumList({ albums, imageSizes, preview }: { albums: Album[]; imageSizes: ImageSizes; preview: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {albums.map((album) => {
        const cover = album.cover ?? album.images[0]?.url ?? null;
        return (
          <li key={album.id} className={cn(surface, 'overflow-hidden')}>
            <a href={siteHref(`/site/gallery?album=${encodeURIComponent(album.id)}`, preview)} className="block">
              {cover ? (
                <SiteImage
                  src={cover}
                  imageSizes={imageSizes}
                  sizes={GRID_SIZES}
                  alt=""
                  width={600}
                  height={450}
                  load="lazy"
                  className="aspect-[4/3] w-full bg-[var(--site-border)] object-cover"
                />
              ) : (
                <span aria-hidden="true" className="block aspect-[4/3] w-full bg-[var(--site-border)]" />
              )}
              <span className="block p-4">
                <span className="block text-lg font-semibold">{album.title}</span>
                <span className={cn('block text-sm', mutedText)}>{photos(album.images.length)}</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function AlbumImages({ album, imageSizes }: { album: Album; imageSizes: ImageSizes }) {
  if (album.images.length === 0) return <EmptyState>This album has no photos yet.</EmptyState>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {album.images.map((image, index) => (
        <li key={image.id}>
          <figure>
            <a href={image.url} className="block">
              <SiteImage
                src={image.url}
                imageSizes={imageSizes}
                sizes={GRID_SIZES}
                alt={image.caption || `${album.title}, photo ${index + 1}`}
                width={600}
                height={450}
                load="lazy"
                className="aspect-[4/3] w-full rounded-lg bg-[var(--site-border)] object-cover"
              />
            </a>
            {image.caption ? <figcaption className={cn('mt-2 text-sm', mutedText)}>{image.caption}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** The albums, each with its cover and count; `?album=<id>` opens one album's photos. */
export default function SiteGallery() {
  const { site, preview } = useSite();
  const [params] = useSearchParams();
  const albums = site.gallery.albums;
  const wanted = params.get('album');
  const back = (
    <a href={siteHref('/site/gallery', preview)} className={textLink}>
      All albums
    </a>
  );
  if (wanted) {
    const album = albums.find((each) => each.id === wanted);
    if (!album) {
      return (
        <SitePage title="Gallery" intro={back}>
          <EmptyState>This album is not on the site any more.</EmptyState>
        </SitePage>
      );
    }
    return (
      <SitePage
        title={album.title}
        intro={
          <>
            {photos(album.images.length)} · {back}
          </>
        }
      >
        <AlbumImages album={album} imageSizes={site.gallery.imageSizes} />
      </SitePage>
    );
  }
  return (
    <SitePage title="Gallery" intro="Photos of life at the institute.">
      {albums.length > 0 ? (
        <AlbumList albums={albums} imageSizes={site.gallery.imageSizes} preview={preview} />
      ) : (
        <EmptyState>There are no photo albums yet. Please check back soon.</EmptyState>
      )}
    </SitePage>
  );
}
