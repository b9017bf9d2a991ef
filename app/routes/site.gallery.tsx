import { useSearchParams } from '@remix-run/react';
import type { PublicSiteContent } from '../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { EmptyState, SitePage } from '~/components/site/page';
import { siteMeta, useSite } from '~/components/site/site-data';
import { mutedText, surface, textLink } from '~/components/site/styles';
import { siteHref } from '~/lib/public-site';

export const meta = siteMeta('Gallery');

type Album = PublicSiteContent['gallery']['albums'][number];

const photos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;

function AlbumList({ albums, preview }: { albums: Album[]; preview: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {albums.map((album) => {
        const cover = album.cover ?? album.images[0]?.url ?? null;
        return (
          <li key={album.id} className={cn(surface, 'overflow-hidden')}>
            <a href={siteHref(`/site/gallery?album=${encodeURIComponent(album.id)}`, preview)} className="block">
              {cover ? (
                <img
                  src={cover}
                  alt=""
                  width={600}
                  height={450}
                  loading="lazy"
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

function AlbumImages({ album }: { album: Album }) {
  if (album.images.length === 0) return <EmptyState>This album has no photos yet.</EmptyState>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {album.images.map((image, index) => (
        <li key={image.id}>
          <figure>
            <a href={image.url} className="block">
              <img
                src={image.url}
                alt={image.caption || `${album.title}, photo ${index + 1}`}
                width={600}
                height={450}
                loading="lazy"
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
        <AlbumImages album={album} />
      </SitePage>
    );
  }
  return (
    <SitePage title="Gallery" intro="Photos of life at the institute.">
      {albums.length > 0 ? (
        <AlbumList albums={albums} preview={preview} />
      ) : (
        <EmptyState>There are no photo albums yet. Please check back soon.</EmptyState>
      )}
    </SitePage>
  );
}
