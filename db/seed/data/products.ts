export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
}

export const demoCategories: readonly DemoCategory[] = [
  {
    name: "Ritual Tools",
    slug: "ritual-tools",
    description: "Bells, trays, bowls and divination instruments made by craftspeople who work with practising priests.",
  },
  {
    name: "Sacred Herbs",
    slug: "sacred-herbs",
    description: "Dried herbs, resins, seeds and traditional soaps used for cleansing, offering and everyday care.",
  },
  {
    name: "Beads & Jewelry",
    slug: "beads-jewelry",
    description: "Hand-made beads and jewellery that carry meaning, from Krobo glass beads to Orisha elekes.",
  },
  {
    name: "Textiles",
    slug: "textiles",
    description: "Handwoven and hand-dyed cloths whose patterns speak in symbols: kente, adinkra, bògòlanfini and adire.",
  },
  {
    name: "Carvings & Masks",
    slug: "carvings-masks",
    description: "Carved figures and masks by contemporary artists working in long-established regional styles.",
  },
  {
    name: "Books & Oracles",
    slug: "books-oracles",
    description: "Study guides, journals and oracle decks for learning and reflection.",
  },
];

export interface DemoProduct {
  name: string;
  slug: string;
  category: string;
  description: string;
  price: string;
  origin: string;
  spiritualUse: string;
  stockQuantity: number;
  weight: string;
  dimensions: string;
  isActive?: boolean;
}

export const productImageUrl = (product: Pick<DemoProduct, "slug">): string => `/images/products/${product.slug}.svg`;

export const demoProducts: readonly DemoProduct[] = [
  {
    name: "Opón Ifá Divination Tray",
    slug: "opon-ifa-divination-tray",
    category: "ritual-tools",
    description:
      "A round divination tray carved from a single piece of hardwood, its border decorated with the face of Èṣù and interlacing motifs. Each tray is finished by hand in Ọ̀yọ́ and oiled with shea butter.",
    price: "120.00",
    origin: "Nigeria",
    spiritualUse: "The surface on which a babaláwo marks the signs of Odù during an Ifá consultation.",
    stockQuantity: 6,
    weight: "1.80",
    dimensions: "38 x 38 x 3 cm",
  },
  {
    name: "Ìròkẹ́ Ifá Tapper",
    slug: "iroke-ifa-tapper",
    category: "ritual-tools",
    description:
      "A slender carved tapper in the shape of a kneeling devotee, made from hardwood with a brass-banded tip. Its clear, light tone carries well in a quiet room.",
    price: "65.00",
    origin: "Nigeria",
    spiritualUse: "Tapped on the divination tray to call the attention of Ọ̀rúnmìlà before a reading.",
    stockQuantity: 3,
    weight: "0.35",
    dimensions: "32 x 4 x 4 cm",
  },
  {
    name: "Cowrie Shell Divination Set",
    slug: "cowrie-shell-divination-set",
    category: "ritual-tools",
    description:
      "Sixteen opened cowrie shells with a woven raffia mat and a cotton pouch. The shells are sorted by hand for size and sound.",
    price: "28.00",
    origin: "Nigeria",
    spiritualUse: "Used in mẹ́rìndínlógún divination, where the number of shells that fall face up names the answer.",
    stockQuantity: 24,
    weight: "0.20",
    dimensions: "20 x 15 x 4 cm",
  },
  {
    name: "Gankogui Double Bell",
    slug: "gankogui-double-bell",
    category: "ritual-tools",
    description:
      "A forged iron double bell with a low and a high tone, played with a wooden stick. Made by a blacksmith family in the Volta Region.",
    price: "42.00",
    origin: "Ghana",
    spiritualUse: "Keeps the time line for Ewe drumming and opens ceremonies with its steady pattern.",
    stockQuantity: 11,
    weight: "0.90",
    dimensions: "30 x 10 x 8 cm",
  },
  {
    name: "Carved Calabash Offering Bowl",
    slug: "carved-calabash-offering-bowl",
    category: "ritual-tools",
    description:
      "A natural calabash gourd cut and pyro-engraved with geometric bands. Light, durable and sealed inside with beeswax.",
    price: "24.00",
    origin: "Mali",
    spiritualUse: "Holds water, grain or kola offered to the ancestors at a family shrine.",
    stockQuantity: 18,
    weight: "0.30",
    dimensions: "22 x 22 x 10 cm",
  },
  {
    name: "Impepho Incense Bundle",
    slug: "impepho-incense-bundle",
    category: "sacred-herbs",
    description:
      "A generous bundle of dried impepho (Helichrysum) gathered in the Drakensberg foothills. It burns slowly with a sweet, earthy smoke.",
    price: "14.00",
    origin: "South Africa",
    spiritualUse: "Burned to call on the amadlozi and open communication with the ancestors.",
    stockQuantity: 40,
    weight: "0.10",
    dimensions: "25 x 8 x 8 cm",
  },
  {
    name: "Alligator Pepper Pods",
    slug: "alligator-pepper-pods",
    category: "sacred-herbs",
    description:
      "Whole dried pods of Aframomum melegueta, also known as grains of paradise, packed in a paper pouch. The seeds are peppery and aromatic.",
    price: "12.00",
    origin: "Nigeria",
    spiritualUse: "Shared with kola nut to seal prayers and welcome guests in Yoruba and Igbo custom.",
    stockQuantity: 35,
    weight: "0.08",
    dimensions: "15 x 10 x 3 cm",
  },
  {
    name: "Kola Nut Offering Pack",
    slug: "kola-nut-offering-pack",
    category: "sacred-herbs",
    description:
      "Six fresh kola nuts (Cola acuminata) with several lobes each, shipped in a breathable pouch. Kola is harvested seasonally, so stock comes and goes.",
    price: "18.00",
    origin: "Nigeria",
    spiritualUse: "Broken and shared to bless a gathering and to ask the ancestors for guidance.",
    stockQuantity: 0,
    weight: "0.25",
    dimensions: "18 x 12 x 6 cm",
  },
  {
    name: "African Black Soap",
    slug: "african-black-soap",
    category: "sacred-herbs",
    description:
      "Alata samina made by a women's cooperative from plantain skin ash, cocoa pod and palm kernel oil. Each bar is cut by hand and wrapped in paper.",
    price: "9.50",
    origin: "Ghana",
    spiritualUse: "Used in cleansing baths to wash away heaviness before ceremonies.",
    stockQuantity: 60,
    weight: "0.15",
    dimensions: "8 x 6 x 4 cm",
  },
  {
    name: "Raw Shea Butter",
    slug: "raw-shea-butter",
    category: "sacred-herbs",
    description:
      "Unrefined shea butter hand-kneaded by women in northern Ghana and packed in a glass jar. It is ivory to pale gold in colour with a gentle nutty smell.",
    price: "16.00",
    origin: "Ghana",
    spiritualUse: "Used to anoint ritual objects and to bless newborns and elders.",
    stockQuantity: 27,
    weight: "0.30",
    dimensions: "9 x 9 x 8 cm",
  },
  {
    name: "Ethiopian Frankincense Resin",
    slug: "ethiopian-frankincense-resin",
    category: "sacred-herbs",
    description:
      "Tears of Boswellia papyrifera resin from the Tigray highlands, sorted by hand. Burn a few pieces on charcoal for a bright, clean fragrance.",
    price: "22.00",
    origin: "Ethiopia",
    spiritualUse: "Burned to purify a space and to accompany prayer.",
    stockQuantity: 4,
    weight: "0.10",
    dimensions: "12 x 8 x 4 cm",
  },
  {
    name: "Krobo Glass Bead Necklace",
    slug: "krobo-glass-bead-necklace",
    category: "beads-jewelry",
    description:
      "A necklace of powder-glass beads made in Odumase Krobo from recycled bottles, in ochre, indigo and cream. Each bead is baked in a clay mould and painted by hand.",
    price: "38.00",
    origin: "Ghana",
    spiritualUse: "Krobo beads mark rites of passage and are worn for protection and blessing.",
    stockQuantity: 15,
    weight: "0.12",
    dimensions: "52 cm long",
  },
  {
    name: "Maasai Beaded Collar",
    slug: "maasai-beaded-collar",
    category: "beads-jewelry",
    description:
      "A flat beaded collar sewn on a leather base by Maasai women in Kajiado. Red, blue and white bands each carry their own meaning.",
    price: "54.00",
    origin: "Kenya",
    spiritualUse: "Worn at ceremonies such as weddings and age-set celebrations to show belonging and blessing.",
    stockQuantity: 8,
    weight: "0.25",
    dimensions: "30 cm diameter",
  },
  {
    name: "Waist Beads Set",
    slug: "waist-beads-set",
    category: "beads-jewelry",
    description:
      "Three strands of glass seed beads on cotton cord, tied to fit. Colours are chosen for their traditional associations: gold for prosperity, green for growth and white for clarity.",
    price: "15.00",
    origin: "Ghana",
    spiritualUse: "Worn close to the body as a personal charm for confidence and protection.",
    stockQuantity: 45,
    weight: "0.05",
    dimensions: "Adjustable, up to 110 cm",
  },
  {
    name: "Ọbàtálá Ẹlẹ́kẹ̀ Necklace",
    slug: "obatala-eleke-necklace",
    category: "beads-jewelry",
    description:
      "A white glass bead necklace strung in the pattern dedicated to Ọbàtálá, the Orisha of clarity and peace. Strung in Ilé-Ifẹ̀ on strong cotton thread.",
    price: "32.00",
    origin: "Nigeria",
    spiritualUse: "Received from a priest as a sign of the Orisha's protection.",
    stockQuantity: 12,
    weight: "0.06",
    dimensions: "60 cm long",
  },
  {
    name: "Akan Goldweight Pendant",
    slug: "akan-goldweight-pendant",
    category: "beads-jewelry",
    description:
      "A lost-wax brass pendant in the form of a Sankofa bird, cast in Kumasi and hung on a cotton cord. The small figure is modelled on the weights once used to measure gold dust.",
    price: "46.00",
    origin: "Ghana",
    spiritualUse: "Sankofa reminds the wearer to return to and learn from the past.",
    stockQuantity: 9,
    weight: "0.04",
    dimensions: "4 x 3 x 1 cm",
  },
  {
    name: "Kente Stole",
    slug: "kente-stole",
    category: "textiles",
    description:
      "A handwoven kente stole from Bonwire in gold, green and black, woven in narrow strips and sewn together. The pattern is a version of the Obaakofoo Mmu Man design.",
    price: "85.00",
    origin: "Ghana",
    spiritualUse: "Worn at naming ceremonies, graduations and festivals to honour achievement.",
    stockQuantity: 10,
    weight: "0.40",
    dimensions: "180 x 12 cm",
  },
  {
    name: "Adinkra Stamped Cloth",
    slug: "adinkra-stamped-cloth",
    category: "textiles",
    description:
      "A cotton cloth stamped by hand in Ntonso with calabash stamps and a dye made from badie bark. Symbols include Gye Nyame, Sankofa and Dwennimmen.",
    price: "60.00",
    origin: "Ghana",
    spiritualUse: "Traditionally worn at funerals and memorials to honour those who have passed.",
    stockQuantity: 7,
    weight: "0.50",
    dimensions: "200 x 110 cm",
  },
  {
    name: "Bògòlanfini Mud Cloth",
    slug: "bogolanfini-mud-cloth",
    category: "textiles",
    description:
      "Handwoven cotton painted with fermented river mud in the Bamana technique, in black and cream. Every motif is drawn freehand, so no two cloths are alike.",
    price: "72.00",
    origin: "Mali",
    spiritualUse: "Once worn by hunters and by women after initiation for protection.",
    stockQuantity: 5,
    weight: "0.60",
    dimensions: "150 x 100 cm",
  },
  {
    name: "Adire Indigo Cloth",
    slug: "adire-indigo-cloth",
    category: "textiles",
    description:
      "A resist-dyed indigo cloth from Abẹ́òkúta, patterned with cassava paste before several dips in the dye pit. Deep blue with pale, hand-drawn motifs.",
    price: "48.00",
    origin: "Nigeria",
    spiritualUse: "Indigo is associated with depth and calm; the cloth is often gifted at important life events.",
    stockQuantity: 13,
    weight: "0.45",
    dimensions: "180 x 110 cm",
  },
  {
    name: "Kuba Raffia Cloth",
    slug: "kuba-raffia-cloth",
    category: "textiles",
    description:
      "A square of embroidered raffia cloth from the Kasai region, with cut-pile geometric patterns. This piece has been retired from the catalogue while we look for a new supplier.",
    price: "150.00",
    origin: "DR Congo",
    spiritualUse: "Kuba cloth was used as prestige currency and is still offered at funerals.",
    stockQuantity: 2,
    weight: "0.30",
    dimensions: "60 x 60 cm",
    isActive: false,
  },
  {
    name: "Akuaba Figure",
    slug: "akuaba-figure",
    category: "carvings-masks",
    description:
      "A classic Asante akuaba with a disc-shaped head, carved from sese wood and darkened with a natural finish. Carved in Ahwiaa, a village of woodcarvers near Kumasi.",
    price: "55.00",
    origin: "Ghana",
    spiritualUse: "Carried and cared for by women who hope for a child, and as a blessing for the family.",
    stockQuantity: 9,
    weight: "0.60",
    dimensions: "30 x 10 x 5 cm",
  },
  {
    name: "Dan Face Mask",
    slug: "dan-face-mask",
    category: "carvings-masks",
    description:
      "A contemporary Dan mask with a smooth, oval face and slit eyes, carved in Man. It is made for display and is not a consecrated ritual object.",
    price: "180.00",
    origin: "Côte d'Ivoire",
    spiritualUse: "Dan masks embody forest spirits that teach, judge and entertain the community.",
    stockQuantity: 2,
    weight: "1.20",
    dimensions: "26 x 16 x 10 cm",
  },
  {
    name: "Chiwara Antelope Headdress",
    slug: "chiwara-antelope-headdress",
    category: "carvings-masks",
    description:
      "A carved antelope crest in the vertical Bamana style, with an openwork mane. The piece sits on a simple stand for display.",
    price: "140.00",
    origin: "Mali",
    spiritualUse: "Chiwara honours the mythical being who taught people to farm, and is danced at planting time.",
    stockQuantity: 3,
    weight: "1.50",
    dimensions: "70 x 20 x 12 cm",
  },
  {
    name: "Ìbejì Twin Figures",
    slug: "ibeji-twin-figures",
    category: "carvings-masks",
    description:
      "A pair of small standing figures with finely carved hairstyles and bead necklaces. Carved in Ọ̀yọ́ by an artist whose family has made ìbejì for generations.",
    price: "95.00",
    origin: "Nigeria",
    spiritualUse: "Ìbejì figures honour twins in Yoruba tradition and are cared for as members of the family.",
    stockQuantity: 4,
    weight: "0.70",
    dimensions: "25 x 7 x 6 cm each",
  },
  {
    name: "Ifá Odù Study Guide",
    slug: "ifa-odu-study-guide",
    category: "books-oracles",
    description:
      "A 240-page introduction to the sixteen principal Odù of Ifá, with Yoruba verses, translations and commentary by practising priests. Printed on recycled paper in Ìbàdàn.",
    price: "26.00",
    origin: "Nigeria",
    spiritualUse: "A companion for students learning the structure and stories of Ifá.",
    stockQuantity: 30,
    weight: "0.55",
    dimensions: "23 x 15 x 2 cm",
  },
  {
    name: "Adinkra Symbols Oracle Deck",
    slug: "adinkra-symbols-oracle-deck",
    category: "books-oracles",
    description:
      "Forty-eight cards, each illustrating an Adinkra symbol with its name, proverb and a reflection. Comes in a recycled card box with a small guidebook.",
    price: "34.00",
    origin: "Ghana",
    spiritualUse: "Drawn daily as a prompt for reflection on Akan proverbs and values.",
    stockQuantity: 21,
    weight: "0.30",
    dimensions: "13 x 9 x 4 cm",
  },
  {
    name: "Ancestral Dream Journal",
    slug: "ancestral-dream-journal",
    category: "books-oracles",
    description:
      "A cloth-bound journal with an adire cover, prompts for recording dreams and space for family trees. The paper is thick enough for ink.",
    price: "19.00",
    origin: "Nigeria",
    spiritualUse: "Helps you notice recurring dream messages and remember your lineage.",
    stockQuantity: 16,
    weight: "0.40",
    dimensions: "21 x 15 x 2 cm",
  },
  {
    name: "Orisha Reflection Cards",
    slug: "orisha-reflection-cards",
    category: "books-oracles",
    description:
      "A deck of thirty cards introducing the Orisha through their stories, colours and proverbs. Illustrated by a Lagos-based artist.",
    price: "8.00",
    origin: "Nigeria",
    spiritualUse: "A gentle way to learn about the Orisha and reflect on their qualities.",
    stockQuantity: 50,
    weight: "0.20",
    dimensions: "12 x 8 x 3 cm",
  },
];
