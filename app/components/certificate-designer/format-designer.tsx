import * as React from 'react';
import { FORMAT_LIMITS, layoutProblems, sideSize, sides, type FormatLayout, type Side } from '../../../common/certificate-layout';
import { isModKey, isTypingTarget } from '../../hooks/use-keyboard';
import { canRedo, canUndo, selectedField, type FormatDesignerEvent } from '../../machines/format-designer.machine';
import { ShortcutKeys } from '../shortcut-keys';
import { Button } from '../ui/button';
import { FormatDesignerActor } from './designer-context';
import { AddField, FieldList, FieldProperties } from './designer-panel';
import { DesignerPage, fieldElementId, fieldPreview } from './designer-page';

interface DesignerProps {
  sample: Partial<Record<string, string>>;
  backgroundUrls?: Partial<Record<Side, string>>;
  signatureUrl?: string | null;
}

/**
 * The visual designer of a certificate or ID card format. It starts from `initialLayout` and owns
 * the layout from then on (a later `initialLayout` is not taken: give the designer a new `key` to
 * start over). `children` are the page's own controls, inside the designer's actor: a save
 * reads the layout from `FormatDesignerActor`, tells it with `layout.saved`, and
 * `hasUnsavedChanges` says whether there is anything to save. `sample` fills the fields for the
 * live preview; `backgroundUrls` are the addresses of the sides' background images and
 * `signatureUrl` that of the image the signature fields show (the layout holds their storage keys).
 */
export function FormatDesigner({
  initialLayout,
  children,
  ...props
}: DesignerProps & { initialLayout: FormatLayout; children?: React.ReactNode }) {
  return (
    <FormatDesignerActor.Provider options={{ input: { layout: initialLayout } }}>
      <Designer {...props} />
      {children}
    </FormatDesignerActor.Provider>
  );
}

function Designer({ sample, backgroundUrls = {}, signatureUrl = null }: DesignerProps) {
  const designer = FormatDesignerActor.useActorRef();
  const context = FormatDesignerActor.useSelector((snapshot) => snapshot.context);
  const { layout, side, selectedId } = context;
  const send = designer.send;
  const idPrefix = React.useId();

  const page = sideSize(layout);
  const scale = usePageScale(page);
  const fields = layout.fields.filter((field) => field.side === side);
  const selected = selectedField(context);
  const { byField, general } = React.useMemo(() => groupProblems(layout), [layout]);
  const problemIds = React.useMemo(() => new Set(byField.keys()), [byField]);

  // After an edit that picks a field from the panel, the keyboard goes on with that field.
  const focusSelected = () =>
    requestAnimationFrame(() =>
      document.getElementById(fieldElementId(idPrefix, selectedField(designer.getSnapshot().context)?.id ?? ''))?.focus(),
    );
  const sendAndFocus = (event: FormatDesignerEvent) => {
    send(event);
    focusSelected();
  };

  // Undo and redo from anywhere in the designer; inputs keep their own undo.
  const root = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const node = root.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModKey(event) || event.key.toLowerCase() !== 'z' || isTypingTarget(event.target)) return;
      event.preventDefault();
      send({ type: event.shiftKey ? 'history.redo' : 'history.undo' });
    };
    node?.addEventListener('keydown', onKeyDown);
    return () => node?.removeEventListener('keydown', onKeyDown);
  }, [send]);

  return (
    <div ref={root} data-slot="format-designer" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Designer">
          {layout.kind === 'idcard' ? (
            <div className="mr-2 inline-flex rounded-md border p-0.5" role="group" aria-label="Side">
              {sides.map((each) => (
                <Button
                  key={each}
                  type="button"
                  size="sm"
                  variant={each === side ? 'secondary' : 'ghost'}
                  aria-pressed={each === side}
                  onClick={() => send({ type: 'side.switch', side: each })}
                >
                  {each === 'front' ? 'Front' : 'Back'}
                </Button>
              ))}
            </div>
          ) : null}
          <Button type="button" size="sm" variant="outline" disabled={!canUndo(context)} onClick={() => send({ type: 'history.undo' })}>
            Undo
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={!canRedo(context)} onClick={() => send({ type: 'history.redo' })}>
            Redo
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!selected || layout.fields.length >= FORMAT_LIMITS.fields}
            onClick={() => sendAndFocus({ type: 'field.duplicate' })}
          >
            Duplicate
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={!selected} onClick={() => send({ type: 'field.delete' })}>
            Delete
          </Button>
        </div>
        {general.length ? (
          <ul className="rounded-md border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm text-destructive">
            {general.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        <div ref={scale.ref} tabIndex={-1} className="flex w-full justify-center rounded-lg bg-muted/60 p-4 outline-none">
          <DesignerPage
            page={page}
            fields={fields}
            selectedId={selectedId}
            sample={sample}
            backgroundUrl={backgroundUrls[side] ?? null}
            signatureUrl={signatureUrl}
            problemIds={problemIds}
            scale={scale.pxPerMm}
            idPrefix={idPrefix}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Drag a field, or Tab to it and use the arrow keys (Shift for 5 mm). Delete removes it, Escape deselects it,{' '}
          <ShortcutKeys keys="mod+z" /> undoes and <ShortcutKeys keys="shift+mod+z" /> redoes.
        </p>
        <div role="status" aria-live="polite" className="sr-only">
          {context.announcement}
        </div>
      </div>
      <div className="flex flex-col gap-5">
        <AddField
          idPrefix={idPrefix}
          disabled={layout.fields.length >= FORMAT_LIMITS.fields}
          onAdd={(fieldType) => sendAndFocus({ type: 'field.add', fieldType })}
        />
        <section aria-labelledby={`${idPrefix}-fields`} className="flex flex-col gap-2">
          <h3 id={`${idPrefix}-fields`} className="text-sm font-semibold">
            {layout.kind === 'idcard' ? `Fields on the ${side}` : 'Fields'}
          </h3>
          <FieldList
            fields={fields}
            selectedId={selectedId}
            problems={byField}
            preview={(field) => fieldPreview(field, sample)}
            onSelect={(id) => sendAndFocus({ type: 'field.select', id })}
          />
        </section>
        {selected ? <FieldProperties idPrefix={idPrefix} field={selected} problems={byField.get(selected.id) ?? []} /> : null}
      </div>
    </div>
  );
}

/** Problems of a field by its id; the rest (the page size) apply to the whole layout. */
function groupProblems(layout: FormatLayout) {
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const problem of layoutProblems(layout)) {
    const field = problem.path[0] === 'fields' ? layout.fields[problem.path[1] as number] : undefined;
    if (field) byField.set(field.id, [...(byField.get(field.id) ?? []), problem.message]);
    else general.push(problem.message);
  }
  return { byField, general };
}

// The page before the container is measured (and on the server): about a laptop's column.
const INITIAL_WIDTH = 720;
const FRAME_PADDING = 32;

/**
 * Pixels per millimetre: the page fills the width available, and a tall page (a portrait ID card)
 * stops at three quarters of the window's height.
 */
function usePageScale(page: { width: number; height: number }) {
  const [box, setBox] = React.useState({ width: INITIAL_WIDTH, height: 800 });
  const observer = React.useRef<ResizeObserver | null>(null);
  const ref = React.useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    const measure = () => setBox({ width: node.clientWidth - FRAME_PADDING, height: window.innerHeight });
    observer.current = new ResizeObserver(measure);
    observer.current.observe(node);
    measure();
  }, []);
  const pxPerMm = Math.max(1, Math.min(box.width / page.width, (box.height * 0.75) / page.height));
  return { ref, pxPerMm };
}
