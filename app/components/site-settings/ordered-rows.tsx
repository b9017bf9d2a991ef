import type { FormMetadata } from '@conform-to/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, PlusIcon, XIcon } from '~/components/ui/icons';

/** A new item's id, as the section's schema takes it: lowercase letters and digits. */
export const newItemId = () => Math.random().toString(36).slice(2, 12);

// The form's values are whatever the page's schema says; only its list intents are used here, by name.
type AnyForm = FormMetadata<Record<string, unknown>, string[]>;
type ListIntents = Pick<FormMetadata<never, string[]>, 'insert' | 'remove' | 'reorder' | 'validate'>;
type Intent<Props> = ((props: Props) => void) & { getButtonProps: (props: Props) => object };

/**
 * The props of buttons that run the form's intents (insert, remove, reorder, validate): with
 * JavaScript at once, and without it by posting the form, which comes back changed, nothing saved.
 * `also` runs beside the intent once hydrated.
 */
export function useFormIntents(page: ListIntents) {
  const form = page as unknown as AnyForm;
  const hydrated = useHydrated();
  const button =
    <Props,>(intent: Intent<Props>) =>
    (props: Props, also?: () => void) =>
      hydrated
        ? {
            type: 'button' as const,
            onClick: () => {
              also?.();
              intent(props);
            },
          }
        : { ...intent.getButtonProps(props), formNoValidate: true };
  return {
    hydrated,
    insert: button(form.insert as Intent<{ name: string; index?: number; defaultValue?: unknown }>),
    remove: button(form.remove as Intent<{ name: string; index: number }>),
    reorder: button(form.reorder as Intent<{ name: string; from: number; to: number }>),
    validate: button(form.validate as Intent<{ name?: string }>),
  };
}

/** How a list grows: its Add button, what a new row holds, what an empty list says, and its most rows. */
type Growth = { fixed?: false; addLabel: string; newItem: () => Record<string, unknown>; empty: string; max: number };
/** A list whose rows are all always there (the home page's sections): reordered, never added or removed. */
type Fixed = { fixed: true; addLabel?: never; newItem?: never; empty?: never; max?: never };

/**
 * The rows of an ordered list of a settings page's form (menu links, notices, banners…): each
 * with a drag handle (or Space and the arrow keys on it), Move up, Move down and Remove, and an
 * Add button at the end; a `fixed` list (every row always there) has neither Remove nor Add.
 * Without JavaScript the buttons post the form's list intents and the page comes back with the
 * list changed, nothing saved yet.
 */
export function OrderedRows<Fields extends object>({
  form: page,
  field,
  label,
  heading,
  children,
  ...growth
}: {
  form: ListIntents;
  /** The list's field in the form (`fields.menu`). */
  field: { name: string; getFieldList(): { key?: string; getFieldset(): Fields }[] };
  /** How a row is named to a screen reader: "Menu link 2". */
  label: (index: number) => string;
  /** A row's heading, on the handle's line with its buttons; its fields then take the whole width below. */
  heading?: (index: number) => React.ReactNode;
  /** A row's fields, its id among them kept here. */
  children: (row: Fields, index: number) => React.ReactNode;
} & (Growth | Fixed)) {
  const { name } = field;
  const list = field.getFieldList();
  const keys = list.map((row) => row.key!);
  const intents = useFormIntents(page);
  const { hydrated } = intents;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reorder = (from: number, to: number) => intents.reorder({ name, from, to });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    (page as unknown as AnyForm).reorder({ name, from: keys.indexOf(String(active.id)), to: keys.indexOf(String(over.id)) });
  };

  const rows = keys.map((key, index) => (
    <SortableRow key={key} id={key} label={label(index)} sortable={hydrated} headed={Boolean(heading)}>
      {heading ? <div className="min-w-0 flex-1 self-center">{heading(index)}</div> : null}
      {/* On a phone (or under a heading) the row's buttons share the handle's line and its fields take the whole width below. */}
      <div className={cn('min-w-0 flex-1 max-sm:order-last max-sm:basis-full', heading && 'order-last basis-full')}>
        <ItemId row={list[index]!.getFieldset()} />
        {children(list[index]!.getFieldset(), index)}
      </div>
      <div className="ml-auto flex shrink-0 gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${label(index)} up`}
          disabled={index === 0}
          {...reorder(index, index - 1)}
        >
          <ArrowUpIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${label(index)} down`}
          disabled={index === keys.length - 1}
          {...reorder(index, index + 1)}
        >
          <ArrowDownIcon aria-hidden />
        </Button>
        {growth.fixed ? null : (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive"
            aria-label={`Remove ${label(index)}`}
            {...intents.remove({ name, index })}
          >
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
    </SortableRow>
  ));

  return (
    <div className="grid gap-3">
      {keys.length === 0 && !growth.fixed ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{growth.empty}</p>
      ) : hydrated ? (
        <DndContext id={`rows-${name}`} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={[...keys]} strategy={verticalListSortingStrategy}>
            <ol className="grid gap-2">{rows}</ol>
          </SortableContext>
        </DndContext>
      ) : (
        <ol className="grid gap-2">{rows}</ol>
      )}
      {growth.fixed ? null : (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={keys.length >= growth.max}
          {...intents.insert({ name, defaultValue: growth.newItem() })}
        >
          <PlusIcon aria-hidden /> {growth.addLabel}
        </Button>
      )}
    </div>
  );
}

/** An item's id travels with its row, unseen: the section's schema names each item of a list by it. */
function ItemId({ row }: { row: object }) {
  const id = (row as { id?: { name: string; value?: unknown } }).id;
  return id ? <input type="hidden" name={id.name} value={String(id.value ?? '')} /> : null;
}

function SortableRow({
  id,
  label,
  sortable,
  headed,
  children,
}: {
  id: string;
  label: string;
  sortable: boolean;
  headed: boolean;
  children: React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !sortable,
  });
  return (
    <li
      ref={setNodeRef}
      aria-label={label}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex flex-wrap items-start gap-2 rounded-md border bg-card p-2',
        !headed && 'sm:flex-nowrap',
        isDragging && 'z-10 shadow-md ring-2 ring-ring/40',
      )}
    >
      {sortable ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="mt-1 grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
          aria-label={`Reorder ${label}`}
          {...attributes}
          {...listeners}
        >
          <GripVerticalIcon aria-hidden className="size-4" />
        </button>
      ) : null}
      {children}
    </li>
  );
}
