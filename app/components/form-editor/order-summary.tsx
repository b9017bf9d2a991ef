import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useMemo } from 'react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, ListOrderedIcon } from '~/components/ui/icons';
import { FormEditorActor } from './editor-context';
import { fieldIcons } from './field-icons';
import type { EditorField } from './field-model';

interface OrderSummaryProps {
  /** The enabled fields, in order. */
  fields: readonly EditorField[];
  interactive: boolean;
  disabled: boolean;
  className?: string;
}

/**
 * The enabled fields in the order the form shows them. With JavaScript it is the place to reorder
 * them: drag a row by its handle, or focus the handle and use Space and the arrow keys (dnd-kit's
 * keyboard sensor), or the Move up / Move down buttons. Without JavaScript it only lists them.
 */
export function OrderSummary({ fields, interactive, disabled, className }: OrderSummaryProps) {
  const headingId = useId();
  const hintId = useId();
  return (
    <Card data-slot="order-summary" className={cn('gap-0 py-0', className)} role="region" aria-labelledby={headingId}>
      <div className="grid gap-1 border-b px-4 py-3">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <ListOrderedIcon aria-hidden="true" className="size-4 text-primary" />
          Order summary
        </h2>
        <p id={hintId} className="text-xs text-muted-foreground">
          {interactive
            ? 'Drag a field by its handle, or focus the handle and press Space, then the arrow keys, then Space again.'
            : 'Change the Position boxes beside the fields, then save.'}
        </p>
      </div>
      {fields.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">No field is enabled.</p>
      ) : interactive ? (
        <SortableList fields={fields} disabled={disabled} describedBy={hintId} />
      ) : (
        <ol className="divide-y">
          {fields.map((field) => (
            // The numbers of the Position boxes, so the two agree; hidden fields keep theirs.
            <li key={field.id} className="flex items-center gap-3 px-4 py-2 text-sm">
              <Position value={field.position} />
              <span className="min-w-0 flex-1 truncate">{field.label}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Position({ value }: { value: number }) {
  return (
    <span className="grid size-6 shrink-0 place-items-center rounded-full bg-muted text-xs font-medium text-muted-foreground tabular-nums">
      {value}
    </span>
  );
}

function SortableList({ fields, disabled, describedBy }: { fields: readonly EditorField[]; disabled: boolean; describedBy: string }) {
  const actor = FormEditorActor.useActorRef();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => fields.map((field) => field.id), [fields]);
  const announcements = useMemo<Announcements>(() => {
    const label = (id: UniqueIdentifier) => fields.find((field) => field.id === id)?.label ?? String(id);
    const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => `Picked up ${label(active.id)}, at ${place(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `${label(active.id)} is over ${place(over.id)}.` : `${label(active.id)} is not over a position.`,
      onDragEnd: ({ active, over }) => (over ? `${label(active.id)} dropped at ${place(over.id)}.` : `${label(active.id)} dropped.`),
      onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
    };
  }, [fields, ids]);

  const move = (from: number, to: number) => actor.send({ type: 'field.move', from, to });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      id="form-editor-order"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a field, press Space or Enter on its handle. Use the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="divide-y" aria-describedby={describedBy}>
          {fields.map((field, index) => (
            <SortableRow
              key={field.id}
              field={field}
              index={index}
              count={fields.length}
              disabled={disabled}
              onMove={(to) => move(index, to)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  field,
  index,
  count,
  disabled,
  onMove,
}: {
  field: EditorField;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    disabled,
  });
  const Icon = fieldIcons[field.iconName];
  return (
    <li
      ref={setNodeRef}
      data-slot="order-row"
      data-field={field.name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative flex items-center gap-2 bg-card px-2 py-1.5 text-sm',
        isDragging && 'z-10 rounded-md shadow-md ring-2 ring-ring/40',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50"
        aria-label={`Reorder ${field.label}`}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <GripVerticalIcon aria-hidden="true" className="size-4" />
      </button>
      <Position value={index + 1} />
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 truncate">
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </span>
      <div className="flex shrink-0">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`Move ${field.label} up`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`Move ${field.label} down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
