import type { UserRole } from "../../schema";

export interface DemoAccount {
  role: Extract<UserRole, "client" | "seer" | "admin">;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Printed on start-up outside production; the Seer account owns the Seer with key "demo". */
export const demoAccounts: ReadonlyArray<DemoAccount> = [
  { role: "client", email: "client@seer.local", password: "demo-client-2026", firstName: "Nia", lastName: "Thompson" },
  { role: "seer", email: "seer@seer.local", password: "demo-seer-2026", firstName: "Akosua", lastName: "Boateng" },
  { role: "admin", email: "admin@seer.local", password: "demo-admin-2026", firstName: "Efua", lastName: "Mensah" },
];

/**
 * The demo admin's authenticator app (base32, published like the passwords: demo data, README's demo accounts).
 * The console needs a second factor; with this secret any TOTP app, or the browser tests, answer the sign-in's
 * second step. Seeded only with the published passwords, never in production's random ones.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPSEERDEMOADMIN234";

/** Clients (no password) whose past consultations left the Seers' review history. */
export const communityClients: ReadonlyArray<{ firstName: string; lastName: string; email: string }> = [
  { firstName: "Imani", lastName: "Brooks", email: "imani.brooks@example.com" },
  { firstName: "Kwabena", lastName: "Osei", email: "kwabena.osei@example.com" },
  { firstName: "Sophie", lastName: "Laurent", email: "sophie.laurent@example.com" },
  { firstName: "Daniel", lastName: "Mensah", email: "daniel.mensah@example.com" },
  { firstName: "Aisha", lastName: "Bello", email: "aisha.bello@example.com" },
  { firstName: "Lerato", lastName: "Nkosi", email: "lerato.nkosi@example.com" },
  { firstName: "Marcus", lastName: "Johnson", email: "marcus.johnson@example.com" },
  { firstName: "Grace", lastName: "Wanjiku", email: "grace.wanjiku@example.com" },
  { firstName: "Tomás", lastName: "Herrera", email: "tomas.herrera@example.com" },
  { firstName: "Zainab", lastName: "Conteh", email: "zainab.conteh@example.com" },
];

export interface DemoApplication {
  firstName: string;
  lastName: string;
  email: string;
  status: "pending" | "rejected";
  fullName: string;
  country: string;
  contactPhone: string | null;
  tradition: string;
  lineageInfo: string;
  yearsOfPractice: number;
  specializations: string[];
  biography: string;
  ethicsStatement: string;
  reviewNotes?: string;
  /** Days before seeding that the application was sent. */
  daysAgo: number;
}

export const demoApplications: readonly DemoApplication[] = [
  {
    firstName: "Wanjiru",
    lastName: "Kamau",
    email: "wanjiru.kamau@example.com",
    status: "pending",
    fullName: "Mama Wanjiru Kamau",
    country: "Kenya",
    contactPhone: "+254 712 345 678",
    tradition: "Kikuyu Mundu Mugo",
    lineageInfo:
      "Granddaughter of a mundu mugo from Murang'a; trained for six years with my grandmother and later with an elder healer in Nyeri.",
    yearsOfPractice: 8,
    specializations: ["Herbal Medicine", "Ancestral Healing"],
    biography:
      "I am a healer in the Kikuyu tradition, working with plants from the slopes of Mount Kenya. I help families mark important transitions and care for those grieving.",
    ethicsStatement:
      "I never promise cures, I ask every client about their medical care and I keep all consultations confidential.",
    daysAgo: 2,
  },
  {
    firstName: "Oluwaseun",
    lastName: "Adebayo",
    email: "oluwaseun.adebayo@example.com",
    status: "pending",
    fullName: "Oluwaseun Adébáyọ̀",
    country: "Nigeria",
    contactPhone: null,
    tradition: "Yoruba Orisha",
    lineageInfo: "Initiated to Ọ̀ṣun in Òṣogbo in 2014; my godmother is an Ìyálórìṣà of the Ọ̀ṣun grove.",
    yearsOfPractice: 10,
    specializations: ["Divination", "Relationship Guidance", "Spiritual Cleansing"],
    biography:
      "I read the cowries (mẹ́rìndínlógún) for clients in Nigeria and the diaspora. My work focuses on love, family harmony and healing after conflict.",
    ethicsStatement:
      "I speak only what the oracle shows, I never pressure anyone into costly rituals and I refer people to professionals when appropriate.",
    daysAgo: 4,
  },
  {
    firstName: "Thandeka",
    lastName: "Khumalo",
    email: "thandeka.khumalo@example.com",
    status: "pending",
    fullName: "Thandeka Khumalo",
    country: "South Africa",
    contactPhone: "+27 82 555 0134",
    tradition: "Sangoma",
    lineageInfo: "Completed ukuthwasa under Gogo MaNtuli in Pietermaritzburg and graduated in 2019.",
    yearsOfPractice: 5,
    specializations: ["Dream Interpretation", "Ancestral Healing"],
    biography:
      "I am a young sangoma serving clients in Johannesburg. I work with dreams and ancestral messages and I am passionate about making the tradition accessible to young people.",
    ethicsStatement:
      "Consultations are confidential, my fees are published in advance and I respect every client's faith and choices.",
    daysAgo: 6,
  },
  {
    firstName: "Kwame",
    lastName: "Owusu",
    email: "kwame.owusu@example.com",
    status: "rejected",
    fullName: "Kwame Owusu",
    country: "Ghana",
    contactPhone: "+233 24 555 0199",
    tradition: "Akan Akom",
    lineageInfo: "Self-taught from books and online courses.",
    yearsOfPractice: 2,
    specializations: ["Destiny Reading"],
    biography: "I am passionate about Akan spirituality and want to share what I have learned.",
    ethicsStatement: "I will treat all clients with respect.",
    reviewNotes:
      "Thank you for applying. We could not verify an initiation or a teacher who can vouch for your training, and the ID document was unreadable. You are welcome to apply again with a clear document and a reference from your initiating elder.",
    daysAgo: 21,
  },
];

/** Review comments by rating; picked in rotation so each Seer's list reads naturally. */
export const reviewComments: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    "I came with a heavy heart and left with clarity. Thank you for your patience and kindness.",
    "Remarkably accurate. Things I had not shared came up in the reading, and the advice was practical.",
    "A grounded, respectful session. I finally understand what my recurring dream was telling me.",
    "Warm, wise and direct. The small ritual I was given has brought real peace to my home.",
    "I felt completely heard. This was my third session and each one has helped me move forward.",
    "Beautiful experience. Learning about my ancestors' customs made me feel connected again.",
    "Honest guidance without any pressure. I would recommend this Seer to anyone.",
    "Exactly what I needed before a big decision. Calm, thoughtful and very insightful.",
    "The explanation of each sign was clear, even for someone new to the tradition.",
    "Generous with time and knowledge. I left with simple practices I use every day.",
    "Deeply moving. I cried, I laughed and I came away lighter.",
    "Professional, punctual and profoundly kind. Thank you.",
  ],
  4: [
    "Very insightful session. The connection dropped once, but the Seer made up the time.",
    "Helpful and kind. I would have liked a bit more time to ask follow-up questions.",
    "A thoughtful reading with good advice. Some of it will take me a while to process.",
    "Good session overall; the guidance on my career question was especially useful.",
    "Calm and respectful. I appreciated that nothing was exaggerated.",
    "Insightful, though I needed a little help with some of the terms. Would book again.",
  ],
  3: [
    "Pleasant and respectful, but the reading felt a little general for my situation.",
    "Some useful insights. The session started late, which made it feel rushed.",
    "Kind and sincere, though I did not feel the reading addressed my main question.",
  ],
};
