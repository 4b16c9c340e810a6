import { slugify } from "../slug";

export const ARTICLE_CATEGORIES = [
  "Ancestral Wisdom",
  "Divination",
  "Herbal Healing",
  "Rituals & Ceremonies",
  "Community",
] as const;

/** "client" and "admin" are demo accounts; "seer:<key>" is the user of the Seer with that key (demo = the demo Seer). */
export type ArticleAuthor = "client" | "admin" | `seer:${string}`;

export interface DemoArticle {
  title: string;
  slug: string;
  author: ArticleAuthor;
  category: (typeof ARTICLE_CATEGORIES)[number];
  tags: string[];
  excerpt: string | null;
  /** Paragraphs, stored newline-separated. */
  paragraphs: string[];
  videoUrl: string | null;
  featuredImage: boolean;
  /** Days before seeding it was published; null for the draft. */
  publishedDaysAgo: number | null;
  viewCount: number;
}

export const articleImageUrl = (article: Pick<DemoArticle, "slug">): string => `/images/articles/${article.slug}.svg`;

const article = (a: Omit<DemoArticle, "slug">): DemoArticle => ({ ...a, slug: slugify(a.title) });

export const demoArticles: readonly DemoArticle[] = [
  article({
    title: "Honouring the Ancestors: A Beginner's Guide to Libation",
    author: "seer:demo",
    category: "Ancestral Wisdom",
    tags: ["libation", "ancestors", "Akan"],
    excerpt:
      "Pouring libation is one of the oldest and simplest ways to speak with those who came before us. Here is how to begin with respect.",
    paragraphs: [
      "In Akan homes, and in many communities across the continent, no important gathering begins without libation. Water, palm wine or schnapps is poured to the earth while the names of the ancestors are called, so that they may witness and bless what follows.",
      "You do not need to be a priest to pour libation for your own family. Choose a quiet moment, stand or kneel facing the earth or a plant, and hold a cup of clean water. Begin by greeting the Creator and Asase Yaa, the Earth, then call your ancestors by name, starting with those you knew.",
      "Speak plainly. Thank them, tell them what is on your heart and ask for what you need. Pour a little water at each name. When you finish, you may drink a sip yourself as a sign of communion.",
      "If you do not know the names of your ancestors, that is not a barrier. Call them as the mothers and fathers of your line. Learning their names, from relatives, records or elders, can itself become part of your practice.",
    ],
    videoUrl: null,
    featuredImage: true,
    publishedDaysAgo: 40,
    viewCount: 1284,
  }),
  article({
    title: "How Ifá Divination Works: An Introduction to the Odù",
    author: "seer:ifa",
    category: "Divination",
    tags: ["Ifá", "Yoruba", "Odù", "divination"],
    excerpt: "Ifá is a vast body of verses, stories and wisdom. A babaláwo explains what happens when the ọ̀pẹ̀lẹ̀ chain is cast.",
    paragraphs: [
      "Ifá is the system of divination and knowledge revealed through Ọ̀rúnmìlà, the witness of destiny. At its heart are 256 Odù, signs formed from the combinations of sixteen principal figures. Each Odù holds many verses, called ẹsẹ, that tell stories of people, animals and Orisha facing the same choices we face.",
      "During a consultation the babaláwo casts the ọ̀pẹ̀lẹ̀, a chain of eight half seed pods, or works with sacred palm nuts on the divination tray. The pattern reveals an Odù, and the priest recites verses from it until one speaks clearly to the client's situation.",
      "Ifá does not simply predict the future. It shows the path that aligns with your orí, your inner head or personal destiny, and what may help you walk it: a change of behaviour, an offering or a word of caution.",
      "A good reading is a conversation. Come with an open question, listen to the stories and ask how they apply to you. The wisdom of Ifá is meant to be lived, not only heard.",
    ],
    videoUrl: "https://www.youtube.com/watch?v=Qm8c2Xp7aLk",
    featuredImage: true,
    publishedDaysAgo: 33,
    viewCount: 2210,
  }),
  article({
    title: "Seven Healing Plants of Southern African Tradition",
    author: "seer:sangoma",
    category: "Herbal Healing",
    tags: ["herbs", "impepho", "sangoma", "healing"],
    excerpt:
      "From impepho to African potato, the plants that traditional healers in southern Africa have relied on for generations.",
    paragraphs: [
      "Plants are at the centre of healing in southern African traditions. Izinyanga, herbalists, and izangoma, diviners, learn their uses over years of training, often from an elder who gathered them in the same hills.",
      "Impepho (Helichrysum) is burned to call the ancestors and to calm a room. Umhlonyane (African wormwood) is used in steams for colds. Isiqunga grass, rooibos and buchu are familiar in many kitchens, while African potato and sutherlandia are studied today for their effects on the body.",
      "Knowledge of plants comes with responsibility. Dosage, preparation and timing matter, and some plants are harmful in the wrong hands. A healer will always ask about your health and any medicine you take.",
      "Please never replace the care of your doctor with herbal remedies, and never harvest wild plants without permission and knowledge: many are now protected because of overharvesting.",
    ],
    videoUrl: null,
    featuredImage: true,
    publishedDaysAgo: 26,
    viewCount: 967,
  }),
  article({
    title: "Preparing for Your First Consultation",
    author: "admin",
    category: "Rituals & Ceremonies",
    tags: ["getting started", "consultation", "guide"],
    excerpt: "What to expect from a video consultation with a Seer, and how to get the most from your time together.",
    paragraphs: [
      "Booking your first consultation can feel like a big step. The Seers on this marketplace come from many traditions, but they share a commitment to honesty, confidentiality and respect for your own beliefs.",
      "Before the session, write down the question or situation you want to explore. It helps to be specific: instead of asking about the future in general, ask what you need to understand about a choice in front of you.",
      "Find a quiet place with a stable connection. Some Seers may ask you to have a glass of water or a candle nearby; this is an invitation, never a requirement.",
      "During the session, feel free to ask what a sign or word means. Afterwards, take time to reflect, and consider leaving a review so that others can find the guidance they need.",
    ],
    videoUrl: null,
    featuredImage: true,
    publishedDaysAgo: 19,
    viewCount: 3105,
  }),
  article({
    title: "Adinkra Symbols and the Wisdom They Carry",
    author: "admin",
    category: "Ancestral Wisdom",
    tags: ["Adinkra", "symbols", "Akan", "proverbs"],
    excerpt: "Gye Nyame, Sankofa, Dwennimmen: the stories behind the Akan symbols you see on cloth, jewellery and buildings.",
    paragraphs: [
      "Adinkra symbols come from the Akan peoples of Ghana and Côte d'Ivoire. Each one stands for a proverb or an idea, and together they form a visual language still stamped on cloth in Ntonso today.",
      "Gye Nyame, 'except God', expresses the supremacy of the Creator. Sankofa, a bird looking back over its shoulder, teaches that it is not wrong to go back for what you have forgotten. Dwennimmen, the ram's horns, speaks of strength joined with humility.",
      "Traditionally, adinkra cloth was worn at funerals to bid farewell to the departed, and the word itself is often linked to saying goodbye. Today the symbols appear everywhere, from logos to tattoos.",
      "When you choose a symbol for yourself, take time to learn its proverb. The beauty of adinkra is that the design invites you to remember a teaching every time you see it.",
    ],
    videoUrl: "https://www.youtube.com/watch?v=H3vZk8Tq1sE",
    featuredImage: true,
    publishedDaysAgo: 12,
    viewCount: 1750,
  }),
  article({
    title: "A Seasonal Cleansing Ritual for Your Home",
    author: "seer:demo",
    category: "Rituals & Ceremonies",
    tags: ["cleansing", "home", "ritual"],
    excerpt: null,
    paragraphs: [
      "At the turn of each season, or after illness, conflict or loss, many families cleanse their home so that it can breathe again. This simple ritual draws on Akan practice but can be adapted to your own background.",
      "Begin by opening the windows and sweeping from the back of the house toward the front door. Then wash the threshold with water in which you have dissolved a little black soap, speaking aloud what you are releasing.",
      "Next, burn a small amount of incense or dried herbs and carry it from room to room. Pause in each room to say what you welcome into it: peace, health, laughter, good visitors.",
      "Close by pouring a little water at the front door for the ancestors and sharing a meal with the people you live with. A cleansed home is one where people feel at ease together.",
    ],
    videoUrl: null,
    featuredImage: false,
    publishedDaysAgo: 5,
    viewCount: 412,
  }),
  article({
    title: "My Journey Back to My Roots",
    author: "client",
    category: "Community",
    tags: ["diaspora", "personal story"],
    excerpt: "A first attempt at writing about what reconnecting with my ancestry has meant to me.",
    paragraphs: [
      "I grew up in Baltimore knowing almost nothing about where my family came from before the American South. Last year a DNA test and a long conversation with my great-aunt changed that.",
      "This is a draft about the first consultation I booked here, about learning to pour libation, and about the strange comfort of speaking names I had never heard before.",
      "I still have more questions than answers, but I wanted to begin writing them down before the feeling fades.",
    ],
    videoUrl: null,
    featuredImage: false,
    publishedDaysAgo: null,
    viewCount: 0,
  }),
];
