import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { siteSectionTitles, type SiteContent } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.gallery;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('gallery');

export const action = siteSectionAction('gallery');

type Gallery = SiteContent['gallery'];
type Album = Gallery['albums'][number];
type AlbumFieldset = ReturnType<FieldMetadata<Album, Gallery, string[]>['getFieldset']>;
type ImageFieldset = ReturnType<FieldMetadata<Album['images'][number], Gallery, string[]>['getFieldset']>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export default function GallerySettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('gallery');

  return (
    <SiteSectionLayout
      view={view}
      previewPath="/site/gallery"
      description="The photo albums visitors browse on the gallery page, each with its cover and the captions of its photos."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Albums</legend>
          <p className="text-sm text-muted-foreground">
            The albums show in this order, and each album’s images in theirs. An album’s cover is the image marked Album cover, or else its
            first image.
          </p>
          <OrderedRows
            form={form}
            field={fields.albums}
            label={(index) => `Album ${index + 1}`}
            addLabel="Add an album"
            newItem={() => ({ id: newItemId(), title: '', cover: '', images: [] })}
            empty="No albums yet: the gallery page says there are no photos."
            max={50}
          >
            {(album, index) => <AlbumFields form={form} album={album} number={index + 1} onBusyChange={uploads.onBusyChange} />}
          </OrderedRows>
        </fieldset>
      </SiteSectionForm>
    </SiteSectionLayout>
  );
}

/** An album: its title, and its images in order, one of them marked as the cover. */
function AlbumFields({
  form,
  album,
  number,
  onBusyChange,
}: {
  form: FormMetadata<Gallery, string[]>;
  album: AlbumFieldset;
  number: number;
  onBusyChange: (id: string, busy: boolean) => void;
}) {
  const hydrated = useHydrated();
  const images = album.images.getFieldList();
  // The cover is kept by the chosen image's id: it follows the image when it moves or is uploaded again.
  const [coverId, setCoverId] = React.useState(() => {
    const cover = text(album.cover.initialValue);
    const chosen = cover ? images.find((image) => text(image.getFieldset().image.initialValue) === cover) : undefined;
    return chosen ? text(chosen.getFieldset().id.initialValue) : '';
  });
  const errorId = album.cover.errors ? album.cover.errorId : undefined;
  // Without JavaScript the radios post the cover themselves. Once the page runs, each album's
  // radios are a group named by the album's id, and the chosen image posts the cover: radios named
  // by the album's place would be renamed as albums move, and a checked radio renamed into another
  // album's group unchecks that album's cover.
  const cover = hydrated
    ? { group: `cover-of-${text(album.id.value)}`, field: album.cover.name, errorId }
    : { group: album.cover.name, errorId };

  return (
    <div className="grid gap-3">
      <SiteTextField field={album.title} label="Album title" required maxLength={120} />
      <OrderedRows
        form={form}
        field={album.images}
        label={(image) => `Image ${image + 1} of album ${number}`}
        addLabel={`Add an image to album ${number}`}
        newItem={() => ({ id: newItemId(), image: '', caption: '' })}
        empty="No images yet: visitors see the album once it has one."
        max={100}
      >
        {(image) => (
          <AlbumImage
            image={image}
            cover={cover}
            isCover={coverId !== '' && coverId === text(image.id.value)}
            onCover={() => setCoverId(text(image.id.value))}
            onBusyChange={onBusyChange}
          />
        )}
      </OrderedRows>
      <FieldError id={album.cover.errorId} errors={album.cover.errors} />
    </div>
  );
}

/** An image of an album: the upload, its caption, and whether it is the album's cover. */
function AlbumImage({
  image,
  cover,
  isCover,
  onCover,
  onBusyChange,
}: {
  image: ImageFieldset;
  /** The album's radio group; `field`, the cover's own field, once the page runs. */
  cover: { group: string; field?: string; errorId?: string };
  isCover: boolean;
  onCover: () => void;
  onBusyChange: (id: string, busy: boolean) => void;
}) {
  const [key, setKey] = React.useState(() => text(image.image.initialValue));
  const radioId = `${image.caption.id}-cover`;
  return (
    <div className="@container">
      <div className="grid gap-3 @sm:grid-cols-[minmax(0,1fr)_auto] @sm:items-start">
        <div className="@sm:col-span-2">
          <SiteUploadField field={image.image} label="Image" required onBusyChange={onBusyChange} onKeyChange={setKey} />
        </div>
        <SiteTextField field={image.caption} label="Caption" maxLength={200} />
        <div className="flex h-9 items-center gap-2 @sm:mt-[1.375rem]">
          <input
            type="radio"
            id={radioId}
            name={cover.group}
            value={key}
            checked={isCover}
            onChange={onCover}
            disabled={!key}
            aria-describedby={cover.errorId}
            className="peer size-4 accent-primary disabled:opacity-50"
          />
          <Label htmlFor={radioId}>Album cover</Label>
          {cover.field && isCover ? <input type="hidden" name={cover.field} value={key} /> : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
