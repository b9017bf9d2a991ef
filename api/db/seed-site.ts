import type { SiteContent, SiteSection } from '../../common/contracts/site-content';
import { indianDay } from '../../common/india-time';
import type { Actor } from '../domain/auth/actor';
import type { CommandContext } from '../domain/command';
import { publishSiteSection, saveSiteDraft } from '../domain/site-content/commands';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo institute's public website, written and published through the settings pages'
 * commands, so that /site reads like a real institute's from the first start. Its notices are
 * dated around the day of the seed; it has no images, which an editor adds on the settings pages.
 */
export function demoSiteContent(today: Date, highlightedCourseIds: string[]): Partial<SiteContent> {
  const day = (offset: number) => indianDay(new Date(today.getTime() + offset * DAY_MS));
  return {
    theme: { primary: '#1e3a8a', accent: '#b45309', background: '#ffffff', font: 'system', mode: 'light' },
    header: {
      instituteName: 'Demo Institute of Computer Education',
      tagline: 'Computer, accounts and language courses in four cities since 2009',
      logo: '',
      phone: '+91 11 4056 7890',
      email: 'admissions@institute.demo',
      social: [
        { network: 'facebook', url: 'https://www.facebook.com/' },
        { network: 'youtube', url: 'https://www.youtube.com/' },
      ],
      menu: [
        { id: 'home', label: 'Home', href: '/site' },
        { id: 'notices', label: 'Notices', href: '/site/notices' },
        { id: 'gallery', label: 'Gallery', href: '/site/gallery' },
        { id: 'downloads', label: 'Downloads', href: '/site/downloads' },
      ],
    },
    body: {
      sections: [
        {
          kind: 'hero',
          enabled: true,
          title: 'Skills that get you hired',
          text: 'Government-recognised diplomas in computers, accounting and English, taught in small batches by working professionals.',
          image: '',
          buttonLabel: 'See the notices',
          buttonLink: '/site/notices',
        },
        {
          kind: 'about',
          enabled: true,
          title: 'About the institute',
          markdown:
            'We opened our first classroom in Delhi in **2009** and now teach in four campuses: North, South, East and West.\n\n' +
            'Every course ends in an examination and a certificate that employers can check online with the code printed on it.',
        },
        { kind: 'courses', enabled: true, title: 'Popular courses', courseIds: highlightedCourseIds },
        {
          kind: 'whyUs',
          enabled: true,
          title: 'Why study with us',
          points: [
            { id: 'batches', title: 'Small batches', text: 'At most twenty students, one computer each.' },
            { id: 'faculty', title: 'Working faculty', text: 'Accountants, developers and designers who do the work they teach.' },
            { id: 'placement', title: 'Placement help', text: 'Interview practice and introductions to local employers.' },
          ],
        },
        {
          kind: 'testimonials',
          enabled: true,
          title: 'What our students say',
          items: [
            {
              id: 'priya',
              name: 'Priya Sharma',
              role: 'Accounts assistant, Pune',
              text: 'The Tally course was practical from the first day; I filed real returns in class.',
            },
            {
              id: 'arjun',
              name: 'Arjun Nair',
              role: 'Web developer, Chennai',
              text: 'Small batches meant the teacher looked at my code every week.',
            },
          ],
        },
        {
          kind: 'contact',
          enabled: true,
          title: 'Visit or call us',
          text: 'Open Monday to Saturday, 9 am to 7 pm. Walk in to any campus for a free counselling session.',
        },
      ],
    },
    footer: {
      columns: [
        {
          id: 'institute',
          title: 'Institute',
          links: [
            { label: 'Notices', href: '/site/notices' },
            { label: 'Gallery', href: '/site/gallery' },
          ],
        },
        { id: 'students', title: 'Students', links: [{ label: 'Downloads', href: '/site/downloads' }] },
      ],
      address: '14 Institutional Area, Lodhi Road, New Delhi 110003',
      mapLink: 'https://www.openstreetmap.org/search?query=Lodhi%20Road%20New%20Delhi',
      copyright: `© ${today.getUTCFullYear()} Demo Institute of Computer Education`,
    },
    certifications: {
      items: [
        { id: 'msme', name: 'MSME registered enterprise', number: 'UDYAM-DL-08-0012345', link: '', logo: '' },
        { id: 'iso', name: 'ISO 9001:2015 certified', number: 'QMS/2024/1187', link: '', logo: '' },
      ],
    },
    'notice-board': {
      notices: [
        {
          id: 'admissions-open',
          title: 'Admissions open for the next batch',
          markdown: 'Admissions to every course are open at all four campuses. Bring two photographs and an identity proof.',
          date: day(-3),
          pinned: true,
          expires: day(60),
          attachment: '',
        },
        {
          id: 'exam-schedule',
          title: 'Examination schedule published',
          markdown: 'The papers of this month’s examinations are on the notice boards of each campus. Admit cards are given a week before.',
          date: day(-10),
          pinned: false,
          expires: '',
          attachment: '',
        },
        {
          id: 'holiday',
          title: 'Campuses closed on public holidays',
          markdown: 'Classes missed on a public holiday are made up on the following Saturday.',
          date: day(-30),
          pinned: false,
          expires: '',
          attachment: '',
        },
      ],
    },
  };
}

/** Saves each section of the demo site as a draft and publishes it. */
export async function publishDemoSite(ctx: CommandContext, actor: Actor, highlightedCourseIds: string[]) {
  const content = demoSiteContent(ctx.meta.occurredAt, highlightedCourseIds);
  for (const [section, value] of Object.entries(content) as [SiteSection, unknown][]) {
    await saveSiteDraft(ctx, actor, section, value);
    await publishSiteSection(ctx, section);
  }
}
