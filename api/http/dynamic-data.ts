import { dynamicDataContract, dynamicDataMessages } from '../../common/contracts/dynamic-data';
import { formTypeName } from '../../common/forms/fields';
import { indianDay } from '../../common/india-time';
import { branchScope } from '../domain/auth/branch-scope';
import { recordsExport } from '../domain/record-export';
import { listChoices, listRecords, recordHistory } from '../domain/record-queries';
import { exportFile } from '../export/export-file';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { badRequest } from './errors';
import { requireFormPermission } from './form-access';
import { versionTag } from './if-match';
import { FORM_WITH_FILES_BYTES } from './body-limits';
import { readSubmission } from './record-submission';
import { addRecord, editRecord, reachableRecord, removeRecord } from './record-writes';

export function createdMessage(formType: string): string {
  if (formType === 'student') return 'Student Registered Successfully!';
  if (formType === 'examResult') return 'Exam created successfully!';
  return `${formTypeName(formType)} created successfully`;
}

export function updatedMessage(formType: string): string {
  return formType === 'examResult' ? 'Exam updated successfully!' : `${formTypeName(formType)} updated successfully`;
}

const list = defineEndpoint({
  ...dynamicDataContract.list,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Records', data: await listRecords(db, query, branchScope(actor)) };
  },
});

const exportRecords = defineFileEndpoint({
  ...dynamicDataContract.export,
  access: { kind: 'authenticated' },
  async handle({ db, query: { format, ...query }, actor, deps }) {
    requireFormPermission(actor, query.formType, 'read');
    const config = await deps.settings.formConfig(db, query.formType);
    const table = await recordsExport(db, query, branchScope(actor), config?.fields ?? []);
    return exportFile(format, table, indianDay(deps.clock.now()));
  },
});

const branchList = defineEndpoint({
  ...dynamicDataContract.branchList,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    const scope = branchScope(actor);
    const branchId = scope ?? actor.branchId ?? query.branchId;
    if (!branchId) throw badRequest(dynamicDataMessages.noBranch, { branchId: [dynamicDataMessages.noBranch] });
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Records of the branch', data: await listRecords(db, { ...query, branchId }, scope) };
  },
});

const choices = defineEndpoint({
  ...dynamicDataContract.choices,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Choices', data: await listChoices(db, query.formType, branchScope(actor)) };
  },
});

const show = defineEndpoint({
  ...dynamicDataContract.show,
  access: { kind: 'authenticated' },
  async handle({ db, params, actor, c }) {
    const record = await reachableRecord(db, actor, params.id, 'read');
    c.header('ETag', versionTag(record.version));
    return { message: 'Record', data: record };
  },
});

const history = defineEndpoint({
  ...dynamicDataContract.history,
  access: { kind: 'authenticated' },
  async handle({ db, params, actor }) {
    const record = await reachableRecord(db, actor, params.id, 'read');
    return { message: 'Record history', data: await recordHistory(db, record._id, record.formType) };
  },
});

const create = defineEndpoint({
  ...dynamicDataContract.create,
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  async handle(input) {
    const submission = await readSubmission(input.c, 'fieldsData');
    const { formType } = submission;
    if (!formType) throw badRequest(dynamicDataMessages.noFormType, { formType: [dynamicDataMessages.noFormType] });
    const { record, generatedNumbers, charge } = await addRecord(input, formType, submission);
    return {
      status: 201,
      message: createdMessage(formType),
      data: { ...record, ...(generatedNumbers && { generatedNumbers }), ...(charge && { charge }) },
    };
  },
});

const update = defineEndpoint({
  ...dynamicDataContract.update,
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  async handle(input) {
    const record = await reachableRecord(input.tx, input.actor, input.params.id, 'edit');
    const updated = await editRecord(input, record, await readSubmission(input.c, 'fieldsData'));
    return { message: updatedMessage(record.formType), data: updated };
  },
});

const remove = defineEndpoint({
  ...dynamicDataContract.remove,
  access: { kind: 'authenticated' },
  async handle(input) {
    const record = await reachableRecord(input.tx, input.actor, input.params.id, 'delete');
    await removeRecord(input, record);
    return { message: `${formTypeName(record.formType)} deleted successfully`, data: { _id: record._id } };
  },
});

/** /branch is listed before /:id, which would otherwise take it for an id. */
/** `/dynamic-data/export` and the other fixed paths come before `/dynamic-data/:id`, which would take them for an id. */
export const dynamicDataEndpoints = [list, exportRecords, branchList, choices, history, show, create, update, remove];
