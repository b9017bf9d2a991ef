import { useId, useState } from 'react';
import { PlusIcon } from '~/components/ui/icons';
import type { FieldType } from '../../../common/forms/types';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { FormEditorActor } from './editor-context';
import {
  buildNewField,
  categoryKeys,
  categoryTitles,
  editorFieldTypes,
  fieldTypeLabels,
  iconNames,
  typesWithOptions,
  type CategoryKey,
  type EditorField,
  type IconName,
  type NewFieldInput,
} from './field-model';

const blank = (): Required<NewFieldInput> => ({
  name: '',
  label: '',
  inputType: 'text',
  description: '',
  options: '',
  category: 'basic',
  iconName: 'User',
});

/**
 * Add New Field (SPEC.md sections 2.5, 3 and 5): name and label required, a type from the editor's
 * list, comma-separated options for select and radio. The dialog checks the field the way the
 * machine does, so the message appears beside the input that needs it.
 */
export function AddFieldDialog({
  open,
  onOpenChange,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: readonly EditorField[];
}) {
  const actor = FormEditorActor.useActorRef();
  const [values, setValues] = useState(blank);
  const [error, setError] = useState<{ message: string; path: 'name' | 'label' | 'options' } | null>(null);
  const id = useId();
  const ids = {
    name: `${id}-name`,
    label: `${id}-label`,
    type: `${id}-type`,
    category: `${id}-category`,
    icon: `${id}-icon`,
    description: `${id}-description`,
    options: `${id}-options`,
    error: `${id}-error`,
  };
  const hasOptions = typesWithOptions.includes(values.inputType);
  const set = <Key extends keyof NewFieldInput>(key: Key, value: NewFieldInput[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const changeOpen = (next: boolean) => {
    if (!next) {
      setValues(blank());
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog lives in a portal: keep its submit from reaching any form around the trigger.
    event.stopPropagation();
    const result = buildNewField(values, fields);
    if (!result.ok) {
      setError({ message: result.message, path: result.path });
      document.getElementById(ids[result.path])?.focus();
      return;
    }
    actor.send({ type: 'field.add', field: values });
    changeOpen(false);
  };

  const errorFor = (path: 'name' | 'label' | 'options') => (error?.path === path ? error.message : null);
  const invalid = (path: 'name' | 'label' | 'options') =>
    error?.path === path ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add New Field</DialogTitle>
          <DialogDescription>The field is added at the end of the form, enabled and optional.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.name} required>
                Field name
              </Label>
              <Input
                id={ids.name}
                value={values.name}
                onChange={(event) => set('name', event.target.value)}
                placeholder="e.g. bloodGroup"
                autoComplete="off"
                spellCheck={false}
                autoFocus
                {...invalid('name')}
              />
              <FieldError id={error?.path === 'name' ? ids.error : undefined} errors={errorFor('name')} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.label} required>
                Label
              </Label>
              <Input
                id={ids.label}
                value={values.label}
                onChange={(event) => set('label', event.target.value)}
                placeholder="e.g. Blood Group"
                autoComplete="off"
                {...invalid('label')}
              />
              <FieldError id={error?.path === 'label' ? ids.error : undefined} errors={errorFor('label')} />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.type}>Type</Label>
              <NativeSelect id={ids.type} value={values.inputType} onChange={(event) => set('inputType', event.target.value as FieldType)}>
                {editorFieldTypes.map((type) => (
                  <option key={type} value={type}>
                    {fieldTypeLabels[type]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.category}>Category</Label>
              <NativeSelect
                id={ids.category}
                value={values.category}
                onChange={(event) => set('category', event.target.value as CategoryKey)}
              >
                {categoryKeys.map((key) => (
                  <option key={key} value={key}>
                    {categoryTitles[key]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.icon}>Icon</Label>
              <NativeSelect id={ids.icon} value={values.iconName} onChange={(event) => set('iconName', event.target.value as IconName)}>
                {iconNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {hasOptions ? (
            <div className="grid gap-2">
              <Label htmlFor={ids.options} required>
                Options
              </Label>
              <Input
                id={ids.options}
                value={values.options}
                onChange={(event) => set('options', event.target.value)}
                placeholder="Comma-separated, e.g. A+, A-, B+, B-"
                autoComplete="off"
                {...invalid('options')}
              />
              <FieldError id={error?.path === 'options' ? ids.error : undefined} errors={errorFor('options')} />
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>Description</Label>
            <Textarea
              id={ids.description}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              placeholder="Shown as the field's placeholder"
              rows={2}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit">
              <PlusIcon aria-hidden="true" />
              Add Field
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
