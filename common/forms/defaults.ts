import { normalizeOption } from './config-schema';
import type { DefaultFormType } from './fields';
import type { FieldType, FormConfig, FormFieldConfig } from './types';

/** The 28 states and 8 union territories of India. */
export const indianStates = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export const maritalStatuses = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'] as const;

export const examTypes = [
  'Internal Assessment',
  'Final Examination',
  'Mid-term Exam',
  'Written Exam',
  'Unit Test',
  'Practical Exam',
  'Viva Voce',
] as const;

type FieldSpec = [name: string, label: string, type: FieldType, extra?: Partial<FormFieldConfig>];

/** Numbers the fields from 1 in the order given; every default field starts active. */
function fields(specs: FieldSpec[]): FormFieldConfig[] {
  return specs.map(([name, label, type, extra], index) => ({
    name,
    label,
    type,
    required: false,
    isActive: true,
    order: index + 1,
    isSearchable: false,
    ...extra,
  }));
}

const required = { required: true } as const;

const student: FormConfig = {
  formType: 'student',
  label: 'Student Form',
  description: 'Admission of a student to a branch and course',
  fields: fields([
    ['centerName', 'Center Name', 'select', { ...required, isSearchable: true, optionsSource: 'branches', placeholder: 'Select center' }],
    ['studentName', 'Student Name', 'text', { ...required, placeholder: 'Enter student name' }],
    [
      'selectedCourse',
      'Selected Course',
      'select',
      { ...required, isSearchable: true, optionsSource: 'courses', placeholder: 'Select course' },
    ],
    ['state', 'State', 'select', { options: indianStates.map(normalizeOption), placeholder: 'Select state' }],
    ['studentEmail', 'Student Email', 'email', { ...required, placeholder: 'Enter email address' }],
    ['phoneNumber', 'Phone Number', 'tel', { ...required, placeholder: 'Enter 10-digit phone number' }],
    ['aadhaarNumber', 'Aadhaar Number', 'text', { placeholder: 'Enter Aadhaar number' }],
    ['fatherName', "Father's Name", 'text', { placeholder: "Enter father's name" }],
    ['motherName', "Mother's Name", 'text', { placeholder: "Enter mother's name" }],
    ['registrationNumber', 'Registration Number', 'text', { placeholder: 'Enter registration number' }],
    ['city', 'City', 'text', { placeholder: 'Enter city' }],
    ['dateOfBirth', 'Date of Birth', 'date'],
    ['admissionDate', 'Admission Date', 'date'],
    ['maritalStatus', 'Marital Status', 'select', { options: maritalStatuses.map(normalizeOption), placeholder: 'Select marital status' }],
    ['address', 'Address', 'textarea', { placeholder: 'Enter address' }],
    ['pinCode', 'PIN Code', 'text', { placeholder: 'Enter PIN code' }],
    ['isActive', 'Active', 'checkbox'],
    ['isRegistered', 'Registered', 'checkbox'],
    ['completedCourse', 'Completed Course', 'checkbox'],
    ['studentPhoto', 'Student Photo', 'file'],
    ['documents', 'Documents', 'file'],
    ['signature', 'Signature', 'file'],
  ]),
};

const course: FormConfig = {
  formType: 'course',
  label: 'Course Form',
  description: 'A course, its subjects and fees',
  fields: fields([
    ['courseName', 'Course Name', 'text', { ...required, placeholder: 'Enter course name' }],
    ['courseCode', 'Course Code', 'text', { placeholder: 'Enter course code' }],
    ['description', 'Subjects Name', 'textarea', { placeholder: 'Comma-separated subjects', description: 'Comma-separated subjects' }],
    ['subCourses', 'Sub Courses', 'subCourseList'],
    ['duration', 'Duration (Months)', 'number', { placeholder: 'Duration in months' }],
    ['fees', 'Fees', 'number', { placeholder: 'Enter fees' }],
    ['category', 'Category', 'select', { ...required, optionsSource: 'courseCategories', placeholder: 'Select category' }],
    ['courseImage', 'Course Image', 'file'],
    ['isActive', 'Active', 'checkbox', { defaultValue: true }],
  ]),
};

const branch: FormConfig = {
  formType: 'branch',
  label: 'Branch Form',
  description: 'A branch of the institute and its director',
  fields: fields([
    ['addBranch', 'Branch Name', 'text', { placeholder: 'Enter branch name' }],
    ['userName', 'User Name', 'text', { placeholder: 'Enter user name' }],
    ['password', 'Password', 'text', { placeholder: 'Enter password' }],
    ['courseName', 'Course Name', 'text', { ...required, placeholder: 'Enter course name' }],
    ['branchCode', 'Branch Code', 'text', { ...required, placeholder: 'Enter branch code' }],
    ['email', 'Email', 'email', { placeholder: 'Enter email address' }],
    ['phoneNumber', 'Phone Number', 'tel', { ...required, placeholder: 'Enter 10-digit phone number' }],
    ['directorName', 'Director Name', 'text', { placeholder: "Enter director's name" }],
    ['state', 'State', 'select', { options: indianStates.map(normalizeOption), placeholder: 'Select state' }],
    ['district', 'District', 'text', { placeholder: 'Enter district' }],
    ['location', 'Location', 'text', { placeholder: 'Enter location' }],
    ['branchAddress', 'Branch Address', 'textarea', { placeholder: 'Enter branch address' }],
    ['directorAddress', 'Director Address', 'textarea', { placeholder: "Enter director's address" }],
    ['religion', 'Religion', 'text', { placeholder: 'Enter religion' }],
    ['branchDocument1', 'Branch Document 1', 'file'],
    ['branchDocument2', 'Branch Document 2', 'file'],
    ['fees1', 'Entry Fees', 'number', { placeholder: 'Enter entry fees' }],
    ['isActive', 'Active', 'checkbox'],
    ['walletEnabled', 'Wallet Enabled', 'checkbox', { defaultValue: false }],
  ]),
};

const examResult: FormConfig = {
  formType: 'examResult',
  label: 'Exam & Result Form',
  description: 'An exam of a course and its subjects',
  fields: fields([
    ['examId', 'Exam ID', 'text', { ...required, placeholder: 'Enter exam ID' }],
    ['examName', 'Exam Name', 'text', { ...required, placeholder: 'Enter exam name' }],
    ['examType', 'Exam Type', 'select', { options: examTypes.map(normalizeOption), placeholder: 'Select exam type' }],
    ['selectedCourse', 'Selected Course', 'select', { ...required, optionsSource: 'courses', placeholder: 'Select course' }],
    ['examSubjectsTable', 'Exam Subjects', 'examSubjectsTable', required],
    ['examPaper', 'Exam Paper', 'file'],
    ['enableSubjectPaperUpload', 'Enable Subject Paper Upload', 'checkbox'],
  ]),
};

/** The four configurations a new installation starts with, exactly as the product defines them. */
export const defaultFormConfigs: Record<DefaultFormType, FormConfig> = { student, course, branch, examResult };
