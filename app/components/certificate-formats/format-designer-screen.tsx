import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { formatImageUpload } from '../../../common/contracts/certificate-formats';
import { fieldTypeLabels, sides, type FormatKind, type FormatLayout } from '../../../common/certificate-layout';
import { acceptAttribute, uploadRuleHint } from '../../../common/uploads/rules';
import { BackLink } from '~/components/back-link';
import { FormatDesignerActor } from '~/components/certificate-designer/designer-context';
import { FormatDesigner } from '~/components/certificate-designer/format-designer';
import { FileField } from '~/components/dynamic-form/file-field';
import { storedFileHref } from '~/components/dynamic-form/upload-actors';
import { LeaveGuard } from '~/components/leave-guard';
import { PageHeader } from '~/components/list/page-header';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { FileTextIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import {
  builtInSample,
  designerNameSchema,
  formatPaths,
  formatScreens,
  imageInputName,
  imageLabel,
  imagePath,
  imageRule,
  imageSlots,
  imagesOf,
  pageLabel,
  type FormatImages,
  type ImageSlot,
} from '~/lib/certificate-formats';
import { hasUnsavedChanges } from '~/machines/format-designer.machine';
import type { formatDesignerAction, formatDesignerLoader } from '~/services/certificate-format-screens.server';
import { formatDateTime } from '~/utils/format';
import { PreviewStudentPicker } from './preview-student-picker';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';

type DesignerData = SerializeFrom<ReturnType<typeof formatDesignerLoader>>;
type DesignerRefusal = SerializeFrom<ReturnType<typeof formatDesignerAction>>;
type DesignerActor = ReturnType<typeof FormatDesignerActor.useActorRef>;

const SAVE_FORM = 'format-save';

/** Only the page counts as leaving: picking a student for the preview keeps the designer as it is. */
const toAnotherPage = ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
  currentLocation.pathname !== nextLocation.pathname;

/**
 * A format in the designer: its name, backgrounds and layout saved together as a new revision
 * (If-Match with the version it was opened at), its revisions, archiving, and a PDF of a saved
 * revision filled in for a real student. Whoever only reads the kind sees the same page without
 * the controls that change it.
 */
export function FormatDesignerScreen() {
  const { format, kind, canManage, student, studentRefusal, find, matches } = useLoaderData<DesignerData>();
  const answered = useActionData<DesignerRefusal>();
  // A refusal of a version since replaced (the format reloaded after a stale save) no longer applies.
  const refused = answered?.version === format.version ? answered : undefined;
  const screen = formatScreens[kind];
  const saved = format.content;
  const designer = React.useRef<DesignerActor | null>(null);
  const [designerUnsaved, setDesignerUnsaved] = React.useState(false);
  const [name, setName] = React.useState(saved.name);
  const [images, setImages] = React.useState(() => imagesOf(saved.layout));
  const [restarts, setRestarts] = React.useState(0);
  const pending = React.useRef<FormatLayout | null>(null);
  const reloading = React.useRef(false);
  const revalidator = useRevalidator();

  // A new version loaded: the layout sent is what is saved now, or after a reload the designer starts from it.
  const loadedVersion = React.useRef(format.version);
  React.useEffect(() => {
    if (loadedVersion.current === format.version) return;
    loadedVersion.current = format.version;
    setName(format.content.name);
    setImages(imagesOf(format.content.layout));
    if (reloading.current) {
      reloading.current = false;
      setRestarts((count) => count + 1);
    } else if (pending.current) designer.current?.send({ type: 'layout.saved', layout: pending.current });
    pending.current = null;
  }, [format.version, format.content]);
  React.useEffect(() => {
    if (answered) pending.current = null;
  }, [answered]);

  const savedImages = imagesOf(saved.layout);
  const unsaved = designerUnsaved || name !== saved.name || imageSlots(kind).some((slot) => images[slot] !== savedImages[slot]);
  const unsavedRef = React.useRef(unsaved);
  unsavedRef.current = unsaved;
  const isUnsaved = React.useCallback(() => unsavedRef.current, []);

  const latest = format.revisions[0];
  const stale = refused?.status === 412;
  const sample = student?.values ?? builtInSample;
  const backgroundUrls = Object.fromEntries(sides.flatMap((side) => (images[side] ? [[side, storedFileHref(images[side])]] : [])));
  const fieldProblems = refused ? layoutFieldProblems(refused.errors, refused.content.layout) : [];

  return (
    <div className="grid gap-4">
      <BackLink to={screen.path}>All {screen.noun.other}</BackLink>
      <PageHeader
        title={format.content.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {pageLabel(saved.layout)}
            {latest
              ? ` · Revision ${latest.revision}, saved ${formatDateTime(latest.savedAt)}${latest.savedBy ? ` by ${latest.savedBy}` : ''}`
              : null}
            {format.archived ? <Badge variant="secondary">Archived</Badge> : null}
          </span>
        }
        actions={canManage ? <ArchiveForm archived={format.archived} /> : null}
      />
      {format.archived ? (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          This format is archived: it is offered for no new document.{canManage ? ' Bring it back into use to change it.' : ''}
        </p>
      ) : null}
      {canManage ? (
        <SaveBar
          key={format.version}
          kind={kind}
          version={format.version}
          savedLayout={saved.layout}
          name={name}
          onNameChange={setName}
          images={images}
          onImageChange={(slot, key) => setImages((current) => ({ ...current, [slot]: key }))}
          unsaved={unsaved}
          disabled={format.archived}
          errors={refused?.errors}
          onSubmit={() => {
            const layout = designer.current?.getSnapshot().context.layout ?? null;
            pending.current = layout;
            return layout;
          }}
        />
      ) : null}
      {refused ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{refused.message}</p>
          {stale ? (
            <p>
              Someone saved this format after you opened it. Reloading shows their revision; your changes here are then lost.{' '}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  reloading.current = true;
                  revalidator.revalidate();
                }}
              >
                Reload the format
              </Button>
            </p>
          ) : null}
          {fieldProblems.length ? (
            <ul className="grid gap-1">
              {fieldProblems.map((problem) => (
                <li key={`${problem.fieldId}:${problem.message}`} className="flex flex-wrap items-center gap-2">
                  <span>
                    {problem.label}: {problem.message}
                  </span>
                  {problem.fieldId ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="link"
                      className="h-auto p-0"
                      onClick={() => selectField(designer.current, problem.fieldId!)}
                    >
                      Show the field
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {student
          ? `The fields show ${student.values.studentName ?? 'the student'}’s details.`
          : 'The fields show a sample student’s details until you pick a student for the preview below.'}
      </p>
      <FormatDesigner
        key={`${format._id}:${restarts}`}
        initialLayout={saved.layout}
        sample={sample}
        backgroundUrls={backgroundUrls}
        signatureUrl={images.signature && storedFileHref(images.signature)}
      >
        <DesignerBridge actor={designer} onUnsavedChange={setDesignerUnsaved} />
      </FormatDesigner>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="format-preview" className="grid gap-3 rounded-lg border p-4">
          <h2 id="format-preview" className="text-base font-semibold">
            Preview with a student
          </h2>
          <p className="text-sm text-muted-foreground">
            The PDF shows a saved revision filled in for the student, as it would print; its number and verification code say it is a
            preview.{unsaved ? ' Save to see your changes in it.' : ''}
          </p>
          <PreviewStudentPicker key={find} find={find} matches={matches} />
          {studentRefusal ? <p className="text-sm text-destructive">{studentRefusal}</p> : null}
          {student && latest ? (
            <Button asChild variant="outline" className="w-fit">
              <a href={formatPaths.preview(kind, format._id, { studentId: student.studentId })} target="_blank" rel="noreferrer">
                <FileTextIcon aria-hidden="true" />
                Preview revision {latest.revision} for {student.values.studentName}
              </a>
            </Button>
          ) : null}
        </section>
        <section aria-labelledby="format-revisions" className="grid gap-2">
          <h2 id="format-revisions" className="text-base font-semibold">
            Revisions
          </h2>
          <ol className="grid gap-1 text-sm">
            {format.revisions.map((one) => (
              <li key={one.revision} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span>
                  Revision {one.revision} · {formatDateTime(one.savedAt)}
                  {one.savedBy ? ` · ${one.savedBy}` : ''}
                  {one.content.name !== format.content.name ? ` · as ${one.content.name}` : ''}
                </span>
                {student ? (
                  <a
                    href={formatPaths.preview(kind, format._id, { studentId: student.studentId, revision: one.revision })}
                    target="_blank"
                    rel="noreferrer"
                    className="underline underline-offset-4"
                  >
                    Preview<span className="sr-only"> revision {one.revision}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {canManage ? <LeaveGuard unsaved={isUnsaved} what={`the format ${format.content.name}`} leaves={toAnotherPage} /> : null}
    </div>
  );
}

/** Hands the designer's actor to the page's controls outside it, and tells whether its layout is saved. */
function DesignerBridge({
  actor,
  onUnsavedChange,
}: {
  actor: React.MutableRefObject<DesignerActor | null>;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const ref = FormatDesignerActor.useActorRef();
  const unsaved = FormatDesignerActor.useSelector((snapshot) => hasUnsavedChanges(snapshot.context));
  actor.current = ref;
  React.useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);
  return null;
}

function selectField(actor: DesignerActor | null, id: string) {
  actor?.send({ type: 'field.select', id });
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-slot="designer-page"] [aria-current="true"]')?.focus());
}

/** A save's refusals under `layout.fields.N…`, each with the field it names in the layout that was sent. */
function layoutFieldProblems(errors: Record<string, string[]> | undefined, layout: FormatLayout) {
  return Object.entries(errors ?? {}).flatMap(([path, messages]) => {
    const match = /^layout\.fields\.(\d+)/.exec(path);
    if (!match) return [];
    const field = layout.fields[Number(match[1])];
    const label = field ? `${fieldTypeLabels[field.type]} (${field.id})` : `Field ${Number(match[1]) + 1}`;
    return messages.map((message) => ({ label, message, fieldId: field?.id ?? null }));
  });
}

/**
 * The name, the images (backgrounds and signature) and Save. The layout travels as JSON read from the designer when the
 * form is sent; without JavaScript the page's own layout goes, so a rename or a new background
 * still saves.
 */
function SaveBar({
  kind,
  version,
  savedLayout,
  name,
  onNameChange,
  images,
  onImageChange,
  unsaved,
  disabled,
  errors,
  onSubmit,
}: {
  kind: FormatKind;
  version: number;
  savedLayout: FormatLayout;
  name: string;
  onNameChange: (name: string) => void;
  images: FormatImages;
  onImageChange: (slot: ImageSlot, key: string | null) => void;
  unsaved: boolean;
  disabled: boolean;
  errors?: Record<string, string[]>;
  onSubmit: () => FormatLayout | null;
}) {
  const navigation = useNavigation();
  const layoutInput = React.useRef<HTMLInputElement>(null);
  const uploads = useUploadsBusy();
  const [form, fields] = useForm({
    id: SAVE_FORM,
    defaultValue: { name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: designerNameSchema }),
  });
  const formProps = getFormProps(form);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      {...formProps}
      onSubmit={(event) => {
        const layout = onSubmit();
        if (layout && layoutInput.current) layoutInput.current.value = JSON.stringify(layout);
        formProps.onSubmit(event);
      }}
      className="grid gap-4 rounded-lg border p-4"
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <input ref={layoutInput} type="hidden" name="layout" defaultValue={JSON.stringify(savedLayout)} />
      <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          <Label htmlFor={fields.name.id} required>
            Name
          </Label>
          <Input
            {...getInputProps(fields.name, { type: 'text' })}
            key={fields.name.key}
            autoComplete="off"
            onChange={(event) => onNameChange(event.currentTarget.value)}
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors ?? errors?.name} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {imageSlots(kind).map((slot) => (
            <FileField
              key={slot}
              name={imageInputName(kind, slot)}
              id={`format-image-${slot}`}
              label={imageLabel(kind, slot)}
              formType={formatImageUpload.formType}
              initialKey={images[slot] ?? undefined}
              info={{ hint: uploadRuleHint(imageRule(kind, slot)), accept: acceptAttribute(imageRule(kind, slot)) }}
              errors={errors?.[imagePath(slot)]}
              errorId={`format-image-${slot}-error`}
              onBusyChange={uploads.onBusyChange}
              onKeyChange={(_, key) => onImageChange(slot, key || null)}
            />
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={disabled || submitting || uploads.busy}>
          {submitting ? 'Saving…' : 'Save format'}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {unsaved ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <Link to="#format-preview" className="ml-auto text-sm underline-offset-4 hover:underline">
          Preview with a student
        </Link>
      </div>
    </Form>
  );
}

function ArchiveForm({ archived }: { archived: boolean }) {
  const navigation = useNavigation();
  const intent = archived ? 'unarchive' : 'archive';
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" disabled={navigation.state !== 'idle'}>
        {archived ? 'Bring back into use' : 'Archive'}
      </Button>
    </Form>
  );
}
