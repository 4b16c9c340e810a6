import type { WeeklyAvailability } from "../../schema";
import { slugify } from "../slug";

/** The shared vocabulary every Seer's specializations come from. */
export const SPECIALIZATIONS = [
  "Divination",
  "Ancestral Healing",
  "Dream Interpretation",
  "Herbal Medicine",
  "Spiritual Cleansing",
  "Relationship Guidance",
  "Destiny Reading",
  "Protection Rituals",
  "Career Guidance",
  "Energy Healing",
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export type SeerTimezone =
  "America/New_York" | "Europe/London" | "Africa/Lagos" | "Africa/Nairobi" | "Africa/Johannesburg" | "Africa/Cairo" | "UTC";

export interface DemoSeer {
  /** "demo" is the Seer owned by the demo Seer account. */
  key: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  country: string;
  tradition: string;
  languages: string[];
  specializations: Specialization[];
  biography: string;
  yearsOfPractice: number;
  timezone: SeerTimezone;
  price15Min: string | null;
  price30Min: string;
  price60Min: string;
  /** Whether a generated SVG portrait exists; otherwise the UI draws an avatar. */
  portrait: boolean;
  availability: WeeklyAvailability;
  /** How many reviews the Seer has in the demo data and their average (all review rows are generated to match). */
  reviews: { count: number; average: string };
}

/** Hourly slots from `from` to `to` inclusive, "HH:00". */
function hours(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, "0")}:00`);
}
const weekdays = (slots: string[]): WeeklyAvailability => ({ "1": slots, "2": slots, "3": slots, "4": slots, "5": slots });
const everyDay = (slots: string[]): WeeklyAvailability => ({ ...weekdays(slots), "0": slots, "6": slots });

export const seerPortraitUrl = (seer: Pick<DemoSeer, "fullName">): string => `/images/seers/${slugify(seer.fullName)}.svg`;

export const demoSeers: readonly DemoSeer[] = [
  {
    key: "demo",
    firstName: "Akosua",
    lastName: "Boateng",
    fullName: "Nana Akosua Boateng",
    email: "seer@seer.local",
    country: "Ghana",
    tradition: "Akan Akom",
    languages: ["English", "Twi", "Fante"],
    specializations: ["Ancestral Healing", "Divination", "Spiritual Cleansing"],
    biography:
      "Nana Akosua was called to the service of the abosom in her twenties and trained for seven years at a shrine in the Bono region before being outdoored as an okomfo. She reads with water and kola, listens closely and speaks plainly. Clients come to her to reconnect with their family lineage and to restore balance after loss.",
    yearsOfPractice: 18,
    timezone: "UTC",
    price15Min: "25.00",
    price30Min: "45.00",
    price60Min: "80.00",
    portrait: true,
    availability: { ...weekdays(hours(9, 18)), "6": hours(10, 14) },
    reviews: { count: 7, average: "4.86" },
  },
  {
    key: "ifa",
    firstName: "Adéwálé",
    lastName: "Ifáyemí",
    fullName: "Babaláwo Adéwálé Ifáyemí",
    email: "adewale.ifayemi@example.com",
    country: "Nigeria",
    tradition: "Ifá",
    languages: ["Yoruba", "English"],
    specializations: ["Divination", "Destiny Reading", "Protection Rituals"],
    biography:
      "Born into a family of Ifá priests in Ògbómọ̀ṣọ́, Babaláwo Adéwálé began memorising the verses of Odù as a boy. He casts the ọ̀pẹ̀lẹ̀ chain to help clients understand their orí, their personal destiny, and the choices that align with it.",
    yearsOfPractice: 27,
    timezone: "Africa/Lagos",
    price15Min: "30.00",
    price30Min: "55.00",
    price60Min: "95.00",
    portrait: true,
    availability: weekdays(hours(9, 17)),
    reviews: { count: 11, average: "4.91" },
  },
  {
    key: "sangoma",
    firstName: "Nomvula",
    lastName: "Dlamini",
    fullName: "Gogo Nomvula Dlamini",
    email: "nomvula.dlamini@example.com",
    country: "South Africa",
    tradition: "Sangoma",
    languages: ["Zulu", "Xhosa", "English", "Sesotho"],
    specializations: ["Ancestral Healing", "Dream Interpretation", "Herbal Medicine", "Spiritual Cleansing"],
    biography:
      "Gogo Nomvula completed her ukuthwasa training in KwaZulu-Natal and has served her community in Durban for more than two decades. She throws the bones to hear what the amadlozi are saying and is known for her gentle work with dreams. She always reminds clients that her guidance complements, and never replaces, medical care.",
    yearsOfPractice: 22,
    timezone: "Africa/Johannesburg",
    price15Min: null,
    price30Min: "50.00",
    price60Min: "90.00",
    portrait: true,
    availability: { ...weekdays(hours(9, 16)), "6": hours(9, 12) },
    reviews: { count: 9, average: "4.89" },
  },
  {
    key: "laibon",
    firstName: "Lekishon",
    lastName: "ole Sankale",
    fullName: "Mzee Lekishon ole Sankale",
    email: "lekishon.olesankale@example.com",
    country: "Kenya",
    tradition: "Maasai Laibon",
    languages: ["Maa", "Swahili", "English"],
    specializations: ["Divination", "Protection Rituals", "Destiny Reading"],
    biography:
      "Mzee Lekishon comes from a line of Laibon in Kajiado and reads the scattered stones of the enkidong gourd. His counsel is known for its patience and its practical wisdom about family, cattle and community. He now also guides people living far from home who want to stay connected to their roots.",
    yearsOfPractice: 35,
    timezone: "Africa/Nairobi",
    price15Min: "20.00",
    price30Min: "40.00",
    price60Min: "70.00",
    portrait: true,
    availability: everyDay(hours(9, 13)),
    reviews: { count: 5, average: "4.80" },
  },
  {
    key: "serer",
    firstName: "Fatou",
    lastName: "Ndiaye",
    fullName: "Yaay Fatou Ndiaye",
    email: "fatou.ndiaye@example.com",
    country: "Senegal",
    tradition: "Serer",
    languages: ["Wolof", "Serer", "French"],
    specializations: ["Dream Interpretation", "Destiny Reading", "Relationship Guidance"],
    biography:
      "Yaay Fatou grew up in the Sine region listening to the saltigués whose visions guide the rainy season. She interprets dreams and omens within the Serer understanding of the pangool, the ancestral spirits. Her sessions are warm, unhurried and often end with a simple practice to take home.",
    yearsOfPractice: 14,
    timezone: "UTC",
    price15Min: "22.00",
    price30Min: "40.00",
    price60Min: "75.00",
    portrait: true,
    availability: weekdays(hours(10, 19)),
    reviews: { count: 7, average: "4.71" },
  },
  {
    key: "vodun",
    firstName: "Codjo",
    lastName: "Agbodjan",
    fullName: "Hounon Codjo Agbodjan",
    email: "codjo.agbodjan@example.com",
    country: "Benin",
    tradition: "Vodun",
    languages: ["Fon", "French", "English"],
    specializations: ["Protection Rituals", "Spiritual Cleansing", "Divination", "Energy Healing"],
    biography:
      "Hounon Codjo serves the vodun of his family compound near Ouidah, where he was initiated as a young man. He consults Fá, the Fon system of divination, and explains each sign in clear, everyday language. He works to correct the many misconceptions about Vodun by showing it as the life-affirming tradition it is.",
    yearsOfPractice: 31,
    timezone: "Africa/Lagos",
    price15Min: "28.00",
    price30Min: "50.00",
    price60Min: "90.00",
    portrait: true,
    availability: { ...weekdays(hours(13, 20)), "6": hours(9, 15) },
    reviews: { count: 9, average: "4.78" },
  },
  {
    key: "shona",
    firstName: "Tendai",
    lastName: "Moyo",
    fullName: "Sekuru Tendai Moyo",
    email: "tendai.moyo@example.com",
    country: "Zimbabwe",
    tradition: "Shona N'anga",
    languages: ["Shona", "English"],
    specializations: ["Ancestral Healing", "Herbal Medicine", "Career Guidance"],
    biography:
      "Sekuru Tendai is a n'anga from Masvingo who learned the healing plants of the highveld from his grandmother. He helps clients honour the vadzimu, their family ancestors, and find direction at turning points in work and life.",
    yearsOfPractice: 19,
    timezone: "Africa/Johannesburg",
    price15Min: "20.00",
    price30Min: "38.00",
    price60Min: "68.00",
    portrait: false,
    availability: weekdays(hours(9, 15)),
    reviews: { count: 8, average: "4.63" },
  },
  {
    key: "bwiti",
    firstName: "Mbella",
    lastName: "Ekwalla",
    fullName: "Mbella Ekwalla",
    email: "mbella.ekwalla@example.com",
    country: "Cameroon",
    tradition: "Bwiti",
    languages: ["French", "English", "Fang"],
    specializations: ["Energy Healing", "Spiritual Cleansing", "Dream Interpretation"],
    biography:
      "Mbella was initiated into Bwiti in the forests of southern Cameroon and Gabon, where music and the harp guide the ceremonies. Her sessions focus on listening, breath and the meaning of the visions and dreams clients bring to her.",
    yearsOfPractice: 12,
    timezone: "Africa/Lagos",
    price15Min: "25.00",
    price30Min: "45.00",
    price60Min: "85.00",
    portrait: true,
    availability: weekdays(hours(14, 20)),
    reviews: { count: 4, average: "4.50" },
  },
  {
    key: "dogon",
    firstName: "Amadou",
    lastName: "Dolo",
    fullName: "Amadou Dolo",
    email: "amadou.dolo@example.com",
    country: "Mali",
    tradition: "Dogon",
    languages: ["Bambara", "French", "Dogon"],
    specializations: ["Divination", "Destiny Reading"],
    biography:
      "Amadou grew up on the Bandiagara escarpment, where diviners draw grids in the sand at dusk and read the tracks the pale fox leaves overnight. He brings that same careful patience to every question, and he never rushes an answer.",
    yearsOfPractice: 26,
    timezone: "UTC",
    price15Min: "18.00",
    price30Min: "35.00",
    price60Min: "60.00",
    portrait: false,
    availability: everyDay(hours(9, 12)),
    reviews: { count: 6, average: "4.67" },
  },
  {
    key: "afa",
    firstName: "Kossi",
    lastName: "Amegah",
    fullName: "Bokɔnɔ Kossi Amegah",
    email: "kossi.amegah@example.com",
    country: "Togo",
    tradition: "Ewe Afa",
    languages: ["Ewe", "French", "English"],
    specializations: ["Career Guidance", "Divination", "Relationship Guidance"],
    biography:
      "Kossi is a bokɔnɔ, a diviner of Afa, trained in Lomé by his uncle. He is especially sought out by young professionals weighing a move, a new venture or a marriage. He keeps his readings practical and his fees modest.",
    yearsOfPractice: 9,
    timezone: "UTC",
    price15Min: "15.00",
    price30Min: "30.00",
    price60Min: "55.00",
    portrait: false,
    availability: weekdays(hours(17, 20)),
    reviews: { count: 3, average: "4.33" },
  },
  {
    key: "komian",
    firstName: "Adjoua",
    lastName: "Kouassi",
    fullName: "Komian Adjoua Kouassi",
    email: "adjoua.kouassi@example.com",
    country: "Côte d'Ivoire",
    tradition: "Akan Komian",
    languages: ["French", "Baoulé", "English"],
    specializations: ["Relationship Guidance", "Energy Healing", "Spiritual Cleansing"],
    biography:
      "Adjoua is a komian, a priestess of the Akan peoples of eastern Côte d'Ivoire, who now divides her year between Abidjan and London. She offers consultations in French and English and has a particular gift for untangling family and relationship questions.",
    yearsOfPractice: 11,
    timezone: "Europe/London",
    price15Min: "30.00",
    price30Min: "55.00",
    price60Min: "100.00",
    portrait: true,
    availability: { ...weekdays(hours(9, 11)), "6": hours(9, 17) },
    reviews: { count: 7, average: "4.57" },
  },
  {
    key: "lubaale",
    firstName: "Nakato",
    lastName: "Ssebunya",
    fullName: "Nakato Ssebunya",
    email: "nakato.ssebunya@example.com",
    country: "Uganda",
    tradition: "Kiganda Lubaale",
    languages: ["Luganda", "English", "Swahili"],
    specializations: ["Herbal Medicine", "Ancestral Healing", "Career Guidance"],
    biography:
      "Nakato is a healer in the Kiganda tradition who learned the use of local plants from her clan elders near Mpigi. She works with the balubaale and with family ancestors, and she is known for her calm and down-to-earth manner.",
    yearsOfPractice: 7,
    timezone: "Africa/Nairobi",
    price15Min: "18.00",
    price30Min: "32.00",
    price60Min: "58.00",
    portrait: false,
    availability: weekdays(hours(10, 16)),
    reviews: { count: 4, average: "4.25" },
  },
  {
    key: "dibia",
    firstName: "Chukwuemeka",
    lastName: "Obi",
    fullName: "Dibia Chukwuemeka Obi",
    email: "chukwuemeka.obi@example.com",
    country: "Nigeria",
    tradition: "Igbo Dibia",
    languages: ["Igbo", "English"],
    specializations: ["Divination", "Herbal Medicine", "Protection Rituals"],
    biography:
      "Dibia Chukwuemeka was trained in Afa divination in Anambra State and now lives in Atlanta, where he serves the Igbo diaspora. He speaks openly about the ethics of his craft and about honouring the chi, each person's guiding spirit.",
    yearsOfPractice: 16,
    timezone: "America/New_York",
    price15Min: null,
    price30Min: "50.00",
    price60Min: "85.00",
    portrait: true,
    availability: { ...weekdays(hours(9, 14)), "0": hours(12, 16) },
    reviews: { count: 5, average: "4.40" },
  },
  {
    key: "kemetic",
    firstName: "Nefertari",
    lastName: "Hassan",
    fullName: "Nefertari Hassan",
    email: "nefertari.hassan@example.com",
    country: "Egypt",
    tradition: "Kemetic",
    languages: ["Arabic", "English"],
    specializations: ["Energy Healing", "Dream Interpretation", "Destiny Reading"],
    biography:
      "Nefertari studies and practises the spirituality of ancient Kemet, drawing on the principle of Ma'at: truth, balance and right order. Her sessions combine guided reflection with the interpretation of dreams, and she teaches simple daily practices for balance.",
    yearsOfPractice: 3,
    timezone: "Africa/Cairo",
    price15Min: null,
    price30Min: "35.00",
    price60Min: "65.00",
    portrait: false,
    availability: weekdays(hours(11, 19)),
    reviews: { count: 5, average: "3.80" },
  },
  {
    key: "inyanga",
    firstName: "Sipho",
    lastName: "Mthembu",
    fullName: "Baba Sipho Mthembu",
    email: "sipho.mthembu@example.com",
    country: "South Africa",
    tradition: "Zulu Inyanga",
    languages: ["Zulu", "English"],
    specializations: ["Herbal Medicine", "Protection Rituals"],
    biography:
      "Baba Sipho has been an inyanga, a herbalist, for forty years, and many younger healers in Pietermaritzburg learned their plants from him. He is careful and precise, explains what each remedy is for, and insists that clients keep their doctors informed.",
    yearsOfPractice: 40,
    timezone: "Africa/Johannesburg",
    price15Min: null,
    price30Min: "60.00",
    price60Min: "110.00",
    portrait: true,
    availability: weekdays(hours(9, 12)),
    reviews: { count: 12, average: "4.92" },
  },
  {
    key: "dagara",
    firstName: "Bernadette",
    lastName: "Somé",
    fullName: "Bernadette Somé",
    email: "bernadette.some@example.com",
    country: "Burkina Faso",
    tradition: "Dagara",
    languages: ["Dagaare", "French", "English"],
    specializations: ["Ancestral Healing", "Relationship Guidance", "Spiritual Cleansing"],
    biography:
      "Bernadette is a Dagara ritual guide from the southwest of Burkina Faso. In the Dagara way, she sees community and ritual as medicine, and she helps clients build small, meaningful rituals of grief, gratitude and reconciliation.",
    yearsOfPractice: 13,
    timezone: "UTC",
    price15Min: "20.00",
    price30Min: "40.00",
    price60Min: "72.00",
    portrait: true,
    availability: { "2": hours(9, 17), "4": hours(9, 17), "6": hours(10, 14) },
    reviews: { count: 6, average: "4.17" },
  },
];
