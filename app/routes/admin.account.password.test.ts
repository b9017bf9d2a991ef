import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { authContract, passwordChangeMessages } from '../../common/contracts/auth';
import { changePasswordForm } from './admin.account.password';

type Posted = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

/** The Change Password form as the browser posts it: a field left empty is not sent. */
function post(values: Posted) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  return parseWithZod(formData, { schema: changePasswordForm });
}

/** What the form refuses a post for, by field; null when it takes it. */
function refusals(values: Posted) {
  const submission = post(values);
  return submission.status === 'error' ? submission.error : null;
}

describe('the Change Password form', () => {
  it('refuses a new password that is the current one once trimmed, as the API does', () => {
    expect(refusals({ currentPassword: 'Start@123', newPassword: '  Start@123 ', confirmPassword: '  Start@123 ' })).toEqual({
      newPassword: [passwordChangeMessages.sameAsCurrent],
    });
    const api = authContract.changePassword.body.safeParse({ currentPassword: 'Start@123', newPassword: '  Start@123 ' });
    expect(api.error?.flatten().fieldErrors).toEqual({ newPassword: [passwordChangeMessages.sameAsCurrent] });
  });

  it('sends the new password trimmed, and takes a confirmation that differs only in spaces around it', () => {
    const submission = post({ currentPassword: 'Start@123', newPassword: ' Changed@456 ', confirmPassword: 'Changed@456' });
    expect(submission.status === 'success' ? submission.value.newPassword : null).toBe('Changed@456');
  });

  it('says what is missing or wrong in the API’s words', () => {
    expect(refusals({})).toEqual({
      currentPassword: [passwordChangeMessages.currentRequired],
      newPassword: ['Password must be at least 6 characters long'],
      confirmPassword: ['The new passwords do not match'],
    });
    expect(refusals({ currentPassword: 'Start@123', newPassword: 'Changed@456', confirmPassword: 'Changed@457' })).toEqual({
      confirmPassword: ['The new passwords do not match'],
    });
  });
});
