import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, loginAs, test } from './fixtures';

/** A real PNG of `size`×`size` pixels (noise, so it does not compress to nothing). */
function png(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  let seed = 7;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let i = 1; i < row.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      row[i] = seed & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function photoFile(name = 'photo.png', size = 200) {
  const dir = await mkdtemp(path.join(tmpdir(), 'dynamic-form-'));
  const file = path.join(dir, name);
  await writeFile(file, png(size));
  return file;
}

/** Finds a record's id through the API, as an admin. */
async function recordId(request: APIRequestContext, formType: string, search: string): Promise<string> {
  const login = await request.post('/api/v1/auth/v2/login', { data: demo.admin });
  const { data: tokens } = (await login.json()) as { data: { accessToken: string } };
  const list = await request.get('/api/v1/dynamic-data', {
    params: { formType, search },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const { data } = (await list.json()) as { data: { records: Array<{ _id: string }> } };
  expect(data.records).toHaveLength(1);
  return data.records[0]!._id;
}

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function fillRequiredStudentFields(page: Page, name: string) {
  await page.getByLabel('Center Name').selectOption({ label: 'North Campus' });
  await page.getByLabel('Student Name').fill(name);
  await page.getByLabel('Selected Course').selectOption({ label: 'Tally with GST' });
  await page.getByLabel('Student Email').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.in`);
  await page.getByLabel('Phone Number').fill('9876543210');
}

test('an admin adds a student with a photo, lands on registered students, and edits the student', async ({ page, request }) => {
  test.setTimeout(60_000);
  await loginAs(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/students/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Student' })).toBeVisible();

  const name = unique('Asha Verma');
  await fillRequiredStudentFields(page, name);
  await page.getByLabel('City').fill('Delhi');
  // Registered Students lists the students marked registered.
  await page.getByLabel('Registered', { exact: true }).check();
  await page.getByLabel('Active', { exact: true }).check();

  // A real upload: presign, PUT with progress, confirm.
  await page.getByLabel('Student Photo').setInputFiles(await photoFile());
  const progress = page.getByRole('progressbar', { name: 'Student Photo upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(/^Uploaded photo\.png$/)).toBeVisible();
  await expect(page.getByText('File uploaded successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Student Registered Successfully!')).toBeVisible();
  await expect(page.getByText(/Registration No: \S+ · Roll No: \S+/)).toBeVisible();
  // The form starts over for the next admission while the toast stays.
  await expect(page.getByLabel('Student Name')).toHaveValue('');

  // The list opens after 3 s.
  await page.waitForURL('**/admin/students/registered', { timeout: 8_000 });
  if (await page.getByRole('table').count()) {
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  }
  await expect(page.getByText('Student Registered Successfully!')).toBeVisible();

  const id = await recordId(request, 'student', name);
  await page.goto(`/admin/students/add?isEditMode=true&_id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Student' })).toBeVisible();
  await expect(page.getByLabel('Student Name')).toHaveValue(name);
  await expect(page.getByLabel('City')).toHaveValue('Delhi');
  await expect(page.getByText('Current file: photo.png')).toBeVisible();

  await page.getByLabel('City').fill('New Delhi');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await page.waitForURL('**/admin/students/registered');
  await expect(page.getByText('Student updated successfully')).toBeVisible();

  await page.goto(`/admin/students/add?isEditMode=true&_id=${id}`);
  await expect(page.getByLabel('City')).toHaveValue('New Delhi');
  await expect(page.getByText('Current file: photo.png')).toBeVisible();
});

test('an empty submit shows the validation messages of every required field', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/students/add');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText('Please fill all required fields correctly').first()).toBeVisible();
  for (const message of [
    'Center Name is required',
    'Student Name is required',
    'Selected Course is required',
    'Student Email is required',
    'Phone Number is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Student Name')).toHaveAttribute('aria-invalid', 'true');

  // Messages follow what is typed.
  await page.getByLabel('Student Email').fill('not-an-email');
  await expect(page.getByText('Student Email must be a valid email', { exact: true })).toBeVisible();
  await page.getByLabel('Phone Number').fill('12345');
  await expect(page.getByText('Phone Number must be a valid 10-digit number', { exact: true })).toBeVisible();
  await page.getByLabel('Student Name').fill('Ravi');
  await expect(page.getByText('Student Name is required', { exact: true })).toBeHidden();
});

test('a submit waits for the upload, and the button says so', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/students/add');
  await fillRequiredStudentFields(page, unique('Meera Iyer'));

  // Hold the PUT to storage until the submit has been tried.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/storage/objects/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Student Photo').setInputFiles(await photoFile('held.png', 64));
  const submit = page.getByRole('button', { name: 'Wait for Upload...' });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(page.getByText('Please wait for file upload to complete before submitting.')).toBeVisible();

  release();
  await expect(page.getByText(/^Uploaded held\.png$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
});

test('a branch admin adds students to their own branch only', async ({ page }) => {
  await loginAs(page, demo.northAdmin.email, demo.northAdmin.password);
  await page.goto('/admin/students/add');
  const center = page.getByLabel('Center Name');
  await expect(center.locator('option')).toHaveText(['North Campus']);
  await expect(page.getByText('Students are added to your own branch.')).toBeVisible();
});

test('choosing a course fills the exam’s subject rows', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/exam/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Exam' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'File Uploads' })).toHaveCount(0);

  await page.getByLabel('Selected Course').selectOption({ label: 'Tally with GST' });
  const subjects = page.getByLabel(/^Subject Name, row \d+$/);
  await expect(subjects).toHaveCount(3);
  await expect(subjects.nth(0)).toHaveValue('Accounting Basics');
  await expect(subjects.nth(2)).toHaveValue('GST Returns');

  await expect(page.getByRole('columnheader', { name: 'Subject Paper' })).toHaveCount(0);
  await page.getByLabel('Enable Subject Paper Upload').check();
  await expect(page.getByRole('columnheader', { name: 'Subject Paper' })).toBeVisible();

  await page.getByLabel('Exam ID').fill(unique('EX').replace(' ', '-'));
  await page.getByLabel('Exam Name').fill('Term End');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Exam created successfully!')).toBeVisible();
  // Created exams stay on the form, which starts over.
  await expect(page).toHaveURL(/\/admin\/exam\/create$/);
  await expect(page.getByLabel('Exam Name')).toHaveValue('');
});

test.describe('without JavaScript', () => {
  // A refused form answers 400, which the browser logs for the page itself.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400 .*\/admin\/courses\/add/] });

  test('a course is added with its image, uploaded by the server', async ({ page, request }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
    await page.goto('/admin/courses/add');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Course Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Category is required', { exact: true })).toBeVisible();

    const name = unique('Web Design');
    await page.getByLabel('Course Name').fill(name);
    await page.getByLabel('Category').selectOption({ label: 'Computer Applications' });
    await page.getByLabel('Course Image').setInputFiles(await photoFile('course.png', 32));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status').getByText('Course created successfully')).toBeVisible();
    await expect(page.getByLabel('Course Name')).toHaveValue('');

    const id = await recordId(request, 'course', name);
    await page.goto(`/admin/courses/add?isEditMode=true&_id=${id}`);
    await expect(page.getByText('Current file: course.png')).toBeVisible();
  });
});
