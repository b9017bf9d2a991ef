import {
  DndContext,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import * as React from 'react';
import { fillPlaceholders, imageFieldTypes, MM_PER_POINT, type FormatField } from '../../../common/certificate-layout';
import { cn } from '../ui/cn';
import { FormatDesignerActor } from './designer-context';
import { dragBox, fieldLabel, positionText, resizeBox, type Box, type Direction, type Guide, type PageBox } from './geometry';

/**
 * One side of a format drawn to scale: fields placed in millimetres, dragged with the pointer
 * (dnd-kit) and moved with the keyboard. While a field is dragged it is drawn where it will land,
 * snapped to the guides the machine snaps to, and those guides are drawn.
 */

const RESIZE = 'resize:';

const arrows: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/** A field's element id; `prefix` tells apart the designers on one page. */
export const fieldElementId = (prefix: string, id: string) => `${prefix}-field-${id}`;

/** What a field shows: its sample value, a text field's words with the sample filled in, or its label. */
export function fieldPreview(field: FormatField, sample: Partial<Record<string, string>>): string {
  if (field.type === 'text') return fillPlaceholders(field.text, sample);
  return sample[field.type] ?? fieldLabel(field);
}

interface Drag {
  id: string;
  resize: boolean;
  /** Millimetres from where the drag started. */
  dx: number;
  dy: number;
}

export function DesignerPage({
  page,
  fields,
  selectedId,
  sample,
  backgroundUrl,
  signatureUrl,
  problemIds,
  scale,
  idPrefix,
}: {
  idPrefix: string;
  page: PageBox;
  /** The fields of the side shown. */
  fields: FormatField[];
  selectedId: string | null;
  sample: Partial<Record<string, string>>;
  backgroundUrl: string | null;
  /** The image signature fields show, once the format has one. */
  signatureUrl: string | null;
  problemIds: ReadonlySet<string>;
  /** Pixels per millimetre. */
  scale: number;
}) {
  const { send } = FormatDesignerActor.useActorRef();
  const [drag, setDrag] = React.useState<Drag | null>(null);
  // A few pixels of travel before a drag starts, so a click selects without moving.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const dragOf = (event: DragStartEvent | DragMoveEvent | DragEndEvent): Drag => {
    const id = String(event.active.id);
    const resize = id.startsWith(RESIZE);
    const delta = 'delta' in event ? event.delta : { x: 0, y: 0 };
    return { id: resize ? id.slice(RESIZE.length) : id, resize, dx: delta.x / scale, dy: delta.y / scale };
  };

  const onDragEnd = (event: DragEndEvent) => {
    const { id, resize, dx, dy } = dragOf(event);
    setDrag(null);
    send(resize ? { type: 'field.resize', id, dw: dx, dh: dy } : { type: 'field.drag', id, dx, dy });
  };

  // The field stays where it was and is shifted by a transform: dnd-kit measures nodes without
  // their transforms, and moving the node itself would be taken back from the pointer's travel.
  let guides: Guide[] = [];
  let offset: { x: number; y: number } | null = null;
  let resized: Box | null = null;
  const dragged = drag && fields.find((field) => field.id === drag.id);
  if (drag && dragged) {
    if (drag.resize) {
      resized = resizeBox(dragged, { dw: drag.dx, dh: drag.dy }, page);
    } else {
      const moved = dragBox(
        dragged,
        drag,
        fields.filter((other) => other.id !== dragged.id),
        page,
      );
      guides = moved.guides;
      offset = { x: (moved.box.x - dragged.x) * scale, y: (moved.box.y - dragged.y) * scale };
    }
  }

  return (
    <DndContext
      sensors={sensors}
      // Scrolling the window under a resize or a drag would add its distance to the field's.
      autoScroll={false}
      onDragStart={(event) => {
        const started = dragOf(event);
        setDrag(started);
        send({ type: 'field.select', id: started.id });
      }}
      onDragMove={(event) => setDrag(dragOf(event))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      // Moves are read out by the designer's own live region, in millimetres.
      accessibility={{
        announcements: {
          onDragStart: () => undefined,
          onDragMove: () => undefined,
          onDragOver: () => undefined,
          onDragEnd: () => undefined,
          onDragCancel: () => undefined,
        },
        screenReaderInstructions: {
          draggable: 'Arrow keys move the field by 1 millimetre, Shift with an arrow key by 5. Delete removes it, Escape deselects it.',
        },
      }}
    >
      <div
        data-slot="designer-page"
        className="relative overflow-hidden bg-white bg-size-[100%_100%] bg-no-repeat shadow-md ring-1 ring-black/10"
        style={{
          width: page.width * scale,
          height: page.height * scale,
          backgroundImage: backgroundUrl ? `url(${JSON.stringify(backgroundUrl)})` : undefined,
        }}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget) send({ type: 'field.deselect' });
        }}
      >
        {fields.map((field) => (
          <DesignerField
            key={field.id}
            field={field}
            text={fieldPreview(field, sample)}
            imageUrl={field.type === 'signature' ? signatureUrl : null}
            selected={field.id === selectedId}
            offset={field.id === dragged?.id ? offset : null}
            handleOffset={
              field.id === dragged?.id && resized
                ? { x: (resized.width - field.width) * scale, y: (resized.height - field.height) * scale }
                : null
            }
            problem={problemIds.has(field.id)}
            scale={scale}
            elementId={fieldElementId(idPrefix, field.id)}
          />
        ))}
        {resized ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute border-2 border-dashed border-sky-600"
            style={px(resized, scale)}
          />
        ) : null}
        {guides.map((guide) => (
          <div
            key={`${guide.axis}${guide.at}`}
            aria-hidden="true"
            className={cn('pointer-events-none absolute bg-fuchsia-500', guide.axis === 'x' ? 'top-0 h-full w-px' : 'left-0 h-px w-full')}
            style={guide.axis === 'x' ? { left: guide.at * scale } : { top: guide.at * scale }}
          />
        ))}
      </div>
    </DndContext>
  );
}

const px = (box: Box, scale: number) => ({ left: box.x * scale, top: box.y * scale, width: box.width * scale, height: box.height * scale });

function DesignerField({
  field,
  text,
  imageUrl,
  selected,
  offset,
  handleOffset,
  problem,
  scale,
  elementId,
}: {
  elementId: string;
  field: FormatField;
  text: string;
  /** The image the field prints, where the format holds it (a signature). */
  imageUrl: string | null;
  selected: boolean;
  /** Pixels the field is dragged by, as it will land. */
  offset: { x: number; y: number } | null;
  /** Pixels the resize handle is dragged by. */
  handleOffset: { x: number; y: number } | null;
  problem: boolean;
  scale: number;
}) {
  const { send } = FormatDesignerActor.useActorRef();
  const { attributes, listeners, setNodeRef } = useDraggable({ id: field.id, attributes: { roleDescription: 'field' } });
  const image = imageFieldTypes.includes(field.type);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const direction = arrows[event.key];
    if (direction) {
      event.preventDefault();
      send({ type: 'field.nudge', direction, large: event.shiftKey });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      send({ type: 'field.delete' });
      event.currentTarget.closest<HTMLElement>('[data-slot="designer-page"]')?.parentElement?.focus();
    } else if (event.key === 'Escape') {
      send({ type: 'field.deselect' });
    }
  };

  return (
    <div
      ref={setNodeRef}
      id={elementId}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      // The words it shows are part of its name (WCAG 2.5.3), after where it is, which a move announces.
      aria-label={image ? positionText(field) : `${positionText(field)}: ${text}`}
      aria-pressed={undefined}
      aria-current={selected ? 'true' : undefined}
      onFocus={() => send({ type: 'field.select', id: field.id })}
      onKeyDown={onKeyDown}
      data-selected={selected || undefined}
      className={cn(
        'absolute flex touch-none cursor-move items-center leading-tight outline-none select-none',
        'hover:outline-1 hover:outline-solid hover:outline-sky-500/60 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-1',
        selected && 'outline-2 outline-solid outline-sky-600',
        offset && 'z-10 opacity-90 shadow-lg',
        problem && 'outline-2 outline-dashed outline-red-600',
      )}
      style={{
        ...px(field, scale),
        transform: offset ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
        fontFamily: `"${field.fontFamily}", ${field.fontFamily.endsWith('Serif') ? 'serif' : 'sans-serif'}`,
        fontSize: field.fontSize * MM_PER_POINT * scale,
        fontWeight: field.fontWeight,
        color: field.colour,
        justifyContent: { left: 'flex-start', center: 'center', right: 'flex-end' }[field.align],
        textAlign: field.align,
      }}
    >
      {image && imageUrl ? (
        <img src={imageUrl} alt="" className="pointer-events-none size-full object-contain" draggable={false} />
      ) : image ? (
        <span
          aria-hidden="true"
          className="flex size-full items-center justify-center border border-dashed border-slate-500 bg-slate-100/80 p-0.5 text-center text-[11px] leading-tight font-medium text-slate-700"
        >
          {fieldLabel(field)}
        </span>
      ) : (
        <span aria-hidden="true" className="w-full truncate">
          {text}
        </span>
      )}
      {selected ? <ResizeHandle id={field.id} offset={handleOffset} /> : null}
    </div>
  );
}

/** The pointer's way to resize; the keyboard's is the width and height inputs. */
function ResizeHandle({ id, offset }: { id: string; offset: { x: number; y: number } | null }) {
  const { listeners, setNodeRef } = useDraggable({ id: `${RESIZE}${id}` });
  return (
    <span
      ref={setNodeRef}
      {...listeners}
      aria-hidden="true"
      className="absolute right-0 bottom-0 size-2.5 cursor-nwse-resize touch-none border border-white bg-sky-600"
      style={offset ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined}
    />
  );
}
