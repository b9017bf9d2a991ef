import { useId } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { Trash2Icon, UploadIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Switch } from '~/components/ui/switch';
import { FormEditorActor, PLAIN_FORM_ID } from './editor-context';
import { categoryIcons, fieldIcons } from './field-icons';
import {
  categoryKeys,
  categoryTitles,
  fieldTypeLabels,
  optionSourceLabels,
  uploadHint,
  visibleOptions,
  type CategoryKey,
  type EditorField,
} from './field-model';

interface GroupsProps {
  fields: readonly EditorField[];
  /** Switches and drag after hydration; checkboxes and position boxes of a plain form before. */
  interactive: boolean;
  disabled: boolean;
  canDelete: boolean;
  onDelete: (field: EditorField) => void;
}

/** The fields by category (SPEC.md section 2.5), groups in the editor's order, empty ones left out. */
export function FieldGroups({ fields, ...props }: GroupsProps) {
  // The place of each enabled field in the form, as the order summary numbers it.
  const places = new Map(fields.filter((field) => field.enabled).map((field, index) => [field.name, index + 1]));
  const groups = categoryKeys
    .map((key) => ({ key, fields: fields.filter((field) => field.category === key) }))
    .filter((group) => group.fields.length > 0);
  return (
    <div data-slot="field-groups" className="grid gap-6">
      {groups.map((group) => (
        <FieldGroup key={group.key} category={group.key} fields={group.fields} places={places} {...props} />
      ))}
    </div>
  );
}

type RowProps = Omit<GroupsProps, 'fields'> & { places: ReadonlyMap<string, number> };

function FieldGroup({ category, fields, ...props }: RowProps & { category: CategoryKey; fields: EditorField[] }) {
  const headingId = useId();
  const Icon = categoryIcons[category];
  const enabled = fields.filter((field) => field.enabled).length;
  return (
    <Card data-slot="field-group" className="gap-0 overflow-hidden py-0" aria-labelledby={headingId} role="region">
      <div className="flex items-center gap-3 border-b bg-muted/40 px-4 py-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-md bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <h2 id={headingId} className="font-semibold">
          {categoryTitles[category]}
        </h2>
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">
          {enabled} of {fields.length} enabled
        </span>
      </div>
      <ul className="@container/list divide-y">
        {fields.map((field) => (
          <FieldRow key={field.id} field={field} {...props} />
        ))}
      </ul>
    </Card>
  );
}

function FieldRow({ field, places, interactive, disabled, canDelete, onDelete }: RowProps & { field: EditorField }) {
  const actor = FormEditorActor.useActorRef();
  const labelId = useId();
  const Icon = fieldIcons[field.iconName];
  const hint = uploadHint(field);
  const options = visibleOptions(field.options);
  return (
    <li
      data-slot="field-row"
      data-field={field.name}
      data-enabled={field.enabled}
      className="flex flex-col gap-3 px-4 py-3.5 @xl/list:flex-row @xl/list:items-start"
    >
      <div className={cn('flex min-w-0 flex-1 gap-3', !field.enabled && 'opacity-60')}>
        <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-md border bg-background text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span id={labelId} className="font-medium">
              {field.label}
              {field.enabled && field.required ? (
                <span aria-hidden="true" className="ml-0.5 text-destructive">
                  *
                </span>
              ) : null}
            </span>
            <Badge variant="outline" className="font-normal">
              {fieldTypeLabels[field.inputType]}
            </Badge>
            {!field.enabled ? null : interactive ? (
              <Badge variant="secondary" className="font-normal tabular-nums" title="Place in the form">
                #{places.get(field.name)}
              </Badge>
            ) : null}
            {field.enabled ? null : (
              <Badge variant="outline" className="font-normal text-muted-foreground">
                Hidden
              </Badge>
            )}
            {field.enabled && field.required ? <span className="sr-only">(required)</span> : null}
          </div>
          <p className="text-xs break-words text-muted-foreground">
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem]">{field.name}</code>
            {field.description ? <span> · {field.description}</span> : null}
          </p>
          {options.shown.length ? (
            <ul aria-label={`Options of ${field.label}`} className="flex flex-wrap gap-1">
              {options.shown.map((option) => (
                <li key={option}>
                  <Badge variant="outline" className="font-normal text-muted-foreground">
                    {option}
                  </Badge>
                </li>
              ))}
              {options.more > 0 ? (
                <li>
                  <Badge variant="secondary" className="font-normal">
                    +{options.more} more
                  </Badge>
                </li>
              ) : null}
            </ul>
          ) : field.optionsSource ? (
            <p className="text-xs text-muted-foreground">Options from {optionSourceLabels[field.optionsSource]}</p>
          ) : null}
          {hint ? (
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <UploadIcon aria-hidden="true" className="size-3.5" />
              {hint}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 pl-11 @xl/list:shrink-0 @xl/list:flex-nowrap @xl/list:pt-1 @xl/list:pl-0">
        {interactive ? (
          <>
            <SwitchControl
              label="Enabled"
              aria-label={`Enable ${field.label}`}
              checked={field.enabled}
              disabled={disabled}
              onCheckedChange={() => actor.send({ type: 'field.toggleEnabled', name: field.name })}
            />
            {field.enabled ? (
              <SwitchControl
                label="Required"
                aria-label={`Require ${field.label}`}
                checked={field.required}
                disabled={disabled}
                onCheckedChange={() => actor.send({ type: 'field.toggleRequired', name: field.name })}
              />
            ) : (
              // Keeps the Enabled switches of a list in one column on wide screens.
              <span aria-hidden="true" className="hidden w-[6.75rem] @xl/list:block" />
            )}
            {canDelete ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:text-destructive"
                aria-label={`Delete ${field.label}`}
                disabled={disabled}
                onClick={() => onDelete(field)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <label className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                form={PLAIN_FORM_ID}
                name={`enabled.${field.name}`}
                defaultChecked={field.enabled}
                aria-label={`Enable ${field.label}`}
              />
              <span aria-hidden="true">Enabled</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                form={PLAIN_FORM_ID}
                name={`required.${field.name}`}
                defaultChecked={field.required}
                aria-label={`Require ${field.label}`}
              />
              <span aria-hidden="true">Required</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <span aria-hidden="true">Position</span>
              <Input
                form={PLAIN_FORM_ID}
                type="number"
                name={`order.${field.name}`}
                defaultValue={field.position}
                min={1}
                step={1}
                inputMode="numeric"
                aria-label={`Position of ${field.label}`}
                className="h-8 w-16"
              />
            </label>
          </>
        )}
      </div>
    </li>
  );
}

function SwitchControl({ label, ...props }: React.ComponentProps<typeof Switch> & { label: string; 'aria-label': string }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed">
      <span aria-hidden="true" className="text-muted-foreground">
        {label}
      </span>
      <Switch {...props} />
    </label>
  );
}
