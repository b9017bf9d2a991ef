import { describe, expect, it } from 'vitest';
import {
  INVOICE_AMOUNT_MAX,
  type InvoiceLineInput,
  type InvoiceLineView,
  type InvoiceView,
  type PaymentView,
} from '../../common/contracts/invoices';
import { keptPdf } from '../../tests/support/kept-pdfs';
import { pdfImageCounts, pdfPages, unspaced } from '../../tests/support/pdf-text';
import type { CreditNote } from '../domain/invoices/credit-note';
import { creditNotePdf, invoicePdf, receiptPdf, type InstituteProfile } from './invoice-documents';

async function text(name: string, pdf: Promise<Uint8Array>) {
  const bytes = await keptPdf(name, pdf);
  return { bytes, pages: await pdfPages(bytes) };
}

const institute: InstituteProfile = {
  name: 'Navchetana Computer Institute',
  registered: true,
  gstin: '27AAECN4821K1Z6',
  legalName: 'Navchetana Skills Education Private Limited',
  address: '2nd Floor, Shubham Arcade, Karve Road, Erandwane, Pune 411004',
  state: 'Maharashtra',
  stateCode: '27',
  seriesCode: 'HO',
  invoiceFeesAtAdmission: true,
  defaultDueDays: 15,
  courseFeeSac: '999293',
  courseFeeTaxRate: 1800,
};
const unregistered: InstituteProfile = {
  ...institute,
  name: 'Gyan Jyoti Computer Classes',
  registered: false,
  gstin: '',
  legalName: '',
  address: 'Near Bus Stand, Station Road, Baramati 413102',
};

/** A line with its amounts; the taxes are written out here, as the invoice was issued with them. */
function line(
  input: Partial<InvoiceLineInput> & Pick<InvoiceLineInput, 'kind' | 'description' | 'rate'>,
  taxes: Partial<Record<'cgst' | 'sgst' | 'igst', number>> = {},
) {
  const full = { sac: '', quantity: 1, discount: 0, taxRate: 0, ...input };
  const amount = full.quantity * full.rate;
  const taxable = amount - full.discount;
  const [cgst, sgst, igst] = [taxes.cgst ?? 0, taxes.sgst ?? 0, taxes.igst ?? 0];
  return { ...full, amount, taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst } satisfies InvoiceLineView;
}

function totalsOf(lines: InvoiceLineView[]): InvoiceView['totals'] {
  const sum = (key: 'amount' | 'discount' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
    lines.reduce((total, one) => total + one[key], 0);
  return {
    amount: sum('amount'),
    discount: sum('discount'),
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('total'),
  };
}

const student = {
  _id: 'st-1',
  name: 'Aditya Vinayak Kulkarni',
  code: 'PN/2026/0147',
  address: 'Flat 12, Sai Krupa Apartments, Paud Road, Kothrud, Pune 411038',
  state: 'Maharashtra',
  gstin: null,
};

function payment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    _id: 'pay-1',
    invoiceId: 'inv-1',
    invoiceNumber: 'PN/2026-27/00042',
    receiptNumber: 'PN/RC/2026-27/00017',
    partyName: student.name,
    branchId: 'br-pune',
    branchName: 'Pune Kothrud',
    amount: 1_000_000,
    mode: 'upi',
    date: '2026-06-03',
    reference: '415263789012',
    chequeNumber: '',
    chequeBank: '',
    chequeDate: '',
    notes: '',
    reversed: false,
    reversedReason: null,
    recordedBy: 'Sneha Patil',
    recordedAt: '2026-06-03T06:15:00.000Z',
    verificationCode: 'RC7MK-4Q2XA-9PN3D-WR8TB',
    ...overrides,
  };
}

function invoice(lines: InvoiceLineView[], overrides: Partial<InvoiceView> = {}): InvoiceView {
  const totals = totalsOf(lines);
  return {
    _id: 'inv-1',
    kind: 'student',
    number: 'PN/2026-27/00042',
    title: 'Tax Invoice',
    status: 'part-paid',
    branchId: 'br-pune',
    branchName: 'Pune Kothrud',
    party: student,
    date: '2026-06-01',
    dueDate: '2026-06-16',
    supply: 'intra',
    lines,
    totals,
    paid: 0,
    due: totals.total,
    amountInWords: '',
    notes: '',
    cancelledReason: null,
    creditNoteNumber: null,
    creditNoteCode: null,
    verificationCode: 'INV4K-7Q2MX-9PL3D-WR8TA',
    payments: [],
    timeline: [],
    version: 3,
    createdAt: '2026-06-01T05:30:00.000Z',
    ...overrides,
  };
}

/** A student in Pune: the course fee at 18% and books at 5%, both within Maharashtra. */
const studentLines = [
  line(
    { kind: 'courseFee', description: 'Diploma in Computer Applications (DCA), six months', sac: '999293', rate: 1_800_000, taxRate: 1800 },
    { cgst: 162_000, sgst: 162_000 },
  ),
  line(
    { kind: 'books', description: 'DCA course books, set of 4', sac: '4901', rate: 125_000, taxRate: 500 },
    { cgst: 3_125, sgst: 3_125 },
  ),
];
const firstPayment = payment();
const studentInvoice = invoice(studentLines, {
  paid: 1_000_000,
  due: 1_255_250,
  amountInWords: 'Rupees Twenty-Two Thousand Five Hundred Fifty-Two and Fifty Paise Only',
  notes: 'Fees once paid are not refundable. Please quote the invoice number with every payment.',
  payments: [firstPayment],
});

/** The institute in Maharashtra billing its branch in Karnataka: IGST. */
const branchInvoice = invoice(
  [
    line(
      { kind: 'royalty', description: 'Franchise royalty, April to June 2026', sac: '998396', rate: 5_000_000, taxRate: 1800 },
      { igst: 900_000 },
    ),
    line(
      { kind: 'entryFee', description: 'Student entry fee', sac: '999293', quantity: 12, rate: 150_000, taxRate: 1800 },
      { igst: 324_000 },
    ),
    line(
      { kind: 'books', description: 'Printed course books', sac: '4901', quantity: 40, rate: 45_000, discount: 100_000, taxRate: 500 },
      { igst: 85_000 },
    ),
  ],
  {
    _id: 'inv-2',
    kind: 'branch',
    number: 'HO/2026-27/00008',
    status: 'issued',
    branchId: null,
    branchName: null,
    party: {
      _id: 'br-mys',
      name: 'Navchetana Mysuru (Vijayanagar) Centre',
      code: 'MYS01',
      address: '#88, 4th Stage, Vijayanagar, Mysuru 570017',
      state: 'Karnataka',
      gstin: '29AAJFN7310M1ZQ',
    },
    supply: 'inter',
    amountInWords: 'Rupees Ninety-Eight Thousand Ninety Only',
    verificationCode: null,
  },
);

/** An institute not registered under GST: a bill of supply without tax. */
const billOfSupply = invoice(
  [
    line({ kind: 'courseFee', description: 'Tally Prime with GST, three months', rate: 650_000 }),
    line({ kind: 'examFee', description: 'Final examination fee', rate: 50_000 }),
  ],
  {
    number: 'BR/2026-27/00005',
    title: 'Bill of Supply',
    status: 'issued',
    branchName: 'Baramati',
    party: { ...student, name: 'Pooja Sunil Jadhav', code: 'BR/2026/0031', address: 'Malegaon Road, Baramati 413102' },
    amountInWords: 'Rupees Seven Thousand Only',
  },
);

const verifyUrl = 'https://navchetana.example.in/verify/INV4K-7Q2MX-9PL3D-WR8TA';

describe('invoice PDF', () => {
  it('shows a tax invoice within the state with CGST and SGST, the tax by rate and the amount in words', async () => {
    const { bytes, pages } = await text('tax-invoice', invoicePdf({ invoice: studentInvoice, institute, verifyUrl }));
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    for (const shown of [
      'TAX INVOICE',
      'Navchetana Computer Institute',
      'Navchetana Skills Education Private Limited',
      'GSTIN: 27AAECN4821K1Z6',
      'Maharashtra (code 27)',
      'Invoice No. PN/2026-27/00042',
      'Invoice date 01/06/2026',
      'Due date 16/06/2026',
      'Place of supply Maharashtra',
      'Aditya Vinayak Kulkarni',
      'Registration No. PN/2026/0147',
      '999293',
      '4901',
      'Course fee',
      // The lines: 9% and 2.5% each side.
      '9%1,620.00',
      '2.5%31.25',
      // Totals.
      'Taxable value ₹19,250.00',
      'CGST ₹1,651.25',
      'SGST ₹1,651.25',
      'Total ₹22,552.50',
      'Paid ₹10,000.00',
      'Balance due ₹12,552.50',
      // Tax by rate: 5% then 18%.
      '5% 1,250.00 31.25 31.25 62.50',
      '18% 18,000.00 1,620.00 1,620.00 3,240.00',
      'Rupees Twenty-Two Thousand Five Hundred Fifty-Two and Fifty Paise Only',
      'Fees once paid are not refundable.',
      'Scan to verify',
      verifyUrl,
      'INV4K-7Q2MX-9PL3D-WR8TA',
      'For Navchetana Skills Education Private Limited',
      'Authorised Signatory',
      'This is a computer-generated document.',
      'Page 1 of 1',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    expect(page).not.toContain('IGST');
    expect(page).not.toContain('CANCELLED');
    expect(await pdfImageCounts(bytes)).toEqual([1]);
  });

  it('charges IGST on a supply to another state and shows the branch’s GSTIN', async () => {
    const [page] = (await text('igst-invoice', invoicePdf({ invoice: branchInvoice, institute, verifyUrl: null }))).pages as [string];
    for (const shown of [
      'TAX INVOICE',
      'HO/2026-27/00008',
      'Branch code MYS01',
      'GSTIN: 29AAJFN7310M1ZQ',
      'Place of supply Karnataka',
      'Amount ₹86,000.00',
      'Less discount -₹1,000.00',
      'Taxable value ₹85,000.00',
      'IGST ₹13,090.00',
      'Total ₹98,090.00',
      '5% 17,000.00 850.00 850.00',
      '18% 68,000.00 12,240.00 12,240.00',
      'Rupees Ninety-Eight Thousand Ninety Only',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    expect(page).not.toContain('CGST');
    expect(page).not.toContain('SGST');
    // No address given: no QR code and nothing to scan.
    expect(page).not.toContain('Scantoverify');
  });

  it('makes a bill of supply without tax columns or GSTIN for an unregistered institute', async () => {
    const { bytes, pages } = await text('bill-of-supply', invoicePdf({ invoice: billOfSupply, institute: unregistered, verifyUrl }));
    const [page] = pages as [string];
    for (const shown of [
      'BILL OF SUPPLY',
      'Gyan Jyoti Computer Classes',
      'BR/2026-27/00005',
      'Total ₹7,000.00',
      'Rupees Seven Thousand Only',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    for (const absent of ['GSTIN', 'CGST', 'SGST', 'IGST', 'TAXINVOICE', 'Taxablevalue', 'Taxbyrate']) {
      expect(page, absent).not.toContain(absent);
    }
    expect(page).toContain(unspaced('For Gyan Jyoti Computer Classes'));
    expect(await pdfImageCounts(bytes)).toEqual([1]);
  });

  it('marks a cancelled invoice with its reason and credit note', async () => {
    const cancelled = invoice(studentLines, {
      status: 'cancelled',
      due: 0,
      amountInWords: studentInvoice.amountInWords,
      cancelledReason: 'Student moved to the evening batch; billed again on a new invoice',
      creditNoteNumber: 'PN/CN/2026-27/00002',
      creditNoteCode: 'CN2K7-H4Q9M-XP3DA-WR8TC',
    });
    const [page] = (await text('cancelled-invoice', invoicePdf({ invoice: cancelled, institute, verifyUrl }))).pages as [string];
    expect(page).toContain('CANCELLED');
    expect(page).toContain(unspaced('Reason: Student moved to the evening batch; billed again on a new invoice'));
    expect(page).toContain(unspaced('credit note No. PN/CN/2026-27/00002, verification code CN2K7-H4Q9M-XP3DA-WR8TC'));
  });

  it('runs fifty lines onto a second page under the same table heading, numbering the pages', async () => {
    const lines = Array.from({ length: 50 }, (_, index) =>
      line(
        {
          kind: 'material',
          description: `Practical lab kit, batch ${index + 1}, with printed worksheets`,
          sac: '999293',
          rate: 100_000,
          taxRate: 1800,
        },
        { cgst: 9_000, sgst: 9_000 },
      ),
    );
    const long = invoice(lines, { amountInWords: 'Rupees Fifty-Nine Thousand Only' });
    const { pages } = await text('fifty-lines', invoicePdf({ invoice: long, institute, verifyUrl }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => expect(page).toContain(`Page${index + 1}of${pages.length}`));
    const withLines = pages.filter((page) => page.includes('Practicallabkit'));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines) expect(page).toContain(unspaced('# Description SAC/HSN Qty Rate (₹)'));
    expect(pages.join('')).toContain(unspaced('Practical lab kit, batch 50,'));
    expect(pages.join('')).toContain(unspaced('Total ₹59,000.00'));
    expect(pages.at(-1)).toContain('AuthorisedSignatory');
  });

  it('keeps a long name and an amount of ten crore whole', async () => {
    const wide = invoice(
      [
        line(
          {
            kind: 'royalty',
            description: 'Master franchise fee for the western region',
            sac: '998396',
            rate: INVOICE_AMOUNT_MAX,
            taxRate: 1800,
          },
          { igst: 1_800_000_000 },
        ),
      ],
      {
        kind: 'branch',
        supply: 'inter',
        party: {
          ...branchInvoice.party,
          name: 'Shri Sant Dnyaneshwar Maharaj Shikshan Prasarak Mandal Computer Training and Skill Development Centre',
        },
        amountInWords: 'Rupees Eleven Crore Eighty Lakh Only',
      },
    );
    const [page] = (await text('ten-crore', invoicePdf({ invoice: wide, institute, verifyUrl }))).pages as [string];
    expect(page).toContain('10,00,00,000.00');
    expect(page).toContain('₹11,80,00,000.00');
  });
});

describe('receipt PDF', () => {
  it('shows the payment, its UPI reference, the amount in words and the balance after it', async () => {
    const { bytes, pages } = await text(
      'receipt-upi',
      receiptPdf({ invoice: studentInvoice, payment: firstPayment, institute, verifyUrl }),
    );
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    for (const shown of [
      'PAYMENT RECEIPT',
      'GSTIN: 27AAECN4821K1Z6',
      'Receipt No. PN/RC/2026-27/00017',
      'Date 03/06/2026',
      'Received from Aditya Vinayak Kulkarni',
      'Against invoice PN/2026-27/00042',
      'Mode UPI',
      'UPI reference 415263789012',
      'Amount received ₹10,000.00',
      'Rupees Ten Thousand Only',
      'Invoice total ₹22,552.50',
      'Balance due after it ₹12,552.50',
      'Verification code',
      'RC7MK-4Q2XA-9PN3D-WR8TB',
      'Scan to verify',
      'Authorised Signatory',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    expect(page).not.toContain('REVERSED');
    expect(await pdfImageCounts(bytes)).toEqual([1]);
  });

  it('shows a cheque’s number, bank and date, and marks a reversed payment with its reason', async () => {
    const cheque = payment({
      _id: 'pay-2',
      receiptNumber: 'PN/RC/2026-27/00023',
      amount: 1_255_250,
      mode: 'cheque',
      date: '2026-06-10',
      reference: '',
      chequeNumber: '004512',
      chequeBank: 'Bank of Maharashtra, Kothrud',
      chequeDate: '2026-06-09',
      reversed: true,
      reversedReason: 'Cheque returned unpaid: funds insufficient',
      recordedAt: '2026-06-10T07:00:00.000Z',
    });
    const paidOnce = { ...studentInvoice, payments: [firstPayment, cheque] };
    const [page] = (await text('receipt-cheque-reversed', receiptPdf({ invoice: paidOnce, payment: cheque, institute, verifyUrl: null })))
      .pages as [string];
    for (const shown of [
      'Mode Cheque',
      'Cheque No. 004512',
      'Bank Bank of Maharashtra, Kothrud',
      'Cheque date 09/06/2026',
      'Amount received ₹12,552.50',
      'Rupees Twelve Thousand Five Hundred Fifty-Two and Fifty Paise Only',
      'REVERSED',
      'Reason: Cheque returned unpaid: funds insufficient',
      'This receipt ₹12,552.50, reversed',
      // Reversed, it takes nothing off what is due.
      'Balance due after it ₹12,552.50',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
  });
});

describe('credit note PDF', () => {
  const note: CreditNote = {
    number: 'PN/CN/2026-27/00002',
    date: '2026-06-20',
    reason: 'Student moved to the evening batch; billed again on a new invoice',
    code: 'CN2K7-H4Q9M-XP3DA-WR8TC',
  };
  const noteUrl = `https://navchetana.example.in/verify/${note.code}`;
  /** An invoice as it stands once cancelled: its payments reversed, nothing due, the credit note named. */
  const cancelled = (of: InvoiceView): InvoiceView => ({
    ...of,
    status: 'cancelled',
    paid: 0,
    due: 0,
    payments: [],
    cancelledReason: note.reason,
    creditNoteNumber: note.number,
    creditNoteCode: note.code,
  });

  it('reverses a tax invoice in full: its own number and date, the invoice it is against, the lines, taxes and total in words', async () => {
    const { bytes, pages } = await text(
      'credit-note',
      creditNotePdf({ invoice: cancelled(studentInvoice), note, institute, verifyUrl: noteUrl }),
    );
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    for (const shown of [
      'CREDIT NOTE',
      'Navchetana Computer Institute',
      'GSTIN: 27AAECN4821K1Z6',
      'Against invoice No. PN/2026-27/00042 dated 01/06/2026',
      'Reason: Student moved to the evening batch; billed again on a new invoice',
      'Credited to',
      'Aditya Vinayak Kulkarni',
      'Registration No. PN/2026/0147',
      'Credit note No. PN/CN/2026-27/00002',
      'Credit note date 20/06/2026',
      'Place of supply Maharashtra',
      'Branch Pune Kothrud',
      'Diploma in Computer Applications (DCA), six months',
      '9%1,620.00',
      '2.5%31.25',
      '5% 1,250.00 31.25 31.25 62.50',
      '18% 18,000.00 1,620.00 1,620.00 3,240.00',
      'Taxable value ₹19,250.00',
      'CGST ₹1,651.25',
      'SGST ₹1,651.25',
      'Total credited ₹22,552.50',
      'Rupees Twenty-Two Thousand Five Hundred Fifty-Two and Fifty Paise Only',
      `Verification code ${note.code}`,
      noteUrl,
      'For Navchetana Skills Education Private Limited',
      'Authorised Signatory',
      'Credit Note PN/CN/2026-27/00002 · Page 1 of 1',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    // It stands on its own: no mark of a void paper, nothing paid or due, and not the invoice's code or notes.
    for (const absent of ['CANCELLED', 'TAXINVOICE', 'Balancedue', 'Paid₹', 'INV4K-7Q2MX-9PL3D-WR8TA', 'Feesoncepaid']) {
      expect(page, absent).not.toContain(absent);
    }
    expect(await pdfImageCounts(bytes)).toEqual([1]);
  });

  it('credits a branch in another state its IGST, under the branch’s GSTIN', async () => {
    const [page] = (await text('credit-note-igst', creditNotePdf({ invoice: cancelled(branchInvoice), note, institute, verifyUrl: null })))
      .pages as [string];
    for (const shown of [
      'Against invoice No. HO/2026-27/00008 dated 01/06/2026',
      'Navchetana Mysuru (Vijayanagar) Centre',
      'Branch code MYS01',
      'GSTIN: 29AAJFN7310M1ZQ',
      'Place of supply Karnataka',
      'Less discount -₹1,000.00',
      'IGST ₹13,090.00',
      'Total credited ₹98,090.00',
      'Rupees Ninety-Eight Thousand Ninety Only',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    expect(page).not.toContain('CGST');
    expect(page).not.toContain('Scantoverify');
  });

  it('follows a bill of supply: no tax and no GSTIN anywhere, and names the bill it reverses as one', async () => {
    const { bytes, pages } = await text(
      'credit-note-bill-of-supply',
      creditNotePdf({ invoice: cancelled(billOfSupply), note, institute: unregistered, verifyUrl: noteUrl }),
    );
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    for (const shown of [
      'CREDIT NOTE',
      'Gyan Jyoti Computer Classes',
      'Against bill of supply No. BR/2026-27/00005 dated 01/06/2026',
      'Credit note No. PN/CN/2026-27/00002',
      'Value ₹7,000.00',
      'Total credited ₹7,000.00',
      'Rupees Seven Thousand Only',
      'For Gyan Jyoti Computer Classes',
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    for (const absent of ['GSTIN', 'CGST', 'SGST', 'IGST', 'TAXINVOICE', 'Taxablevalue', 'Taxbyrate', 'Againstinvoice']) {
      expect(page, absent).not.toContain(absent);
    }
    expect(await pdfImageCounts(bytes)).toEqual([1]);
  });

  it('runs fifty lines onto further pages under the table heading, the total and sign-off after the last line', async () => {
    const lines = Array.from({ length: 50 }, (_, index) =>
      line(
        { kind: 'material', description: `Practical lab kit, batch ${index + 1}`, sac: '999293', rate: 100_000, taxRate: 1800 },
        { cgst: 9_000, sgst: 9_000 },
      ),
    );
    const long = cancelled(invoice(lines, { amountInWords: 'Rupees Fifty-Nine Thousand Only' }));
    const { pages } = await text('credit-note-fifty-lines', creditNotePdf({ invoice: long, note, institute, verifyUrl: noteUrl }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => expect(page).toContain(unspaced(`Credit Note ${note.number} · Page ${index + 1} of ${pages.length}`)));
    for (const page of pages.filter((one) => one.includes('Practicallabkit'))) {
      expect(page).toContain(unspaced('# Description SAC/HSN Qty Rate (₹)'));
    }
    expect(pages.at(-1)).toContain(unspaced('Total credited ₹59,000.00'));
    expect(pages.at(-1)).toContain('AuthorisedSignatory');
  });
});
