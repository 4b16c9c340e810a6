import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

// Generated rows for the benchmarks, made by the database itself (generate_series), so that 100,000 of them take
// seconds. Numbers run from `from` to `to` inclusive: a second call with a higher range grows the same data set.

export const BENCH_COUNTRIES = ["Ghana", "Nigeria", "Kenya", "Senegal", "Benin", "Togo", "Mali", "Uganda", "Cameroon", "Zimbabwe"];
export const BENCH_SPECIALIZATIONS = [
  "Divination",
  "Ancestral Healing",
  "Dream Interpretation",
  "Herbal Medicine",
  "Spiritual Cleansing",
  "Destiny Reading",
];
/** Seven in eight product names carry one of these words; the rest a word of their own. */
export const BENCH_PRODUCT_KINDS = ["Cowrie Shells", "Shea Butter", "Kente Cloth", "Carved Figure", "Herbal Bath", "Brass Bell", "Bead Necklace"];
export const BENCH_CATEGORY_COUNT = 8;

/**
 * Seers number `from`..`to`, each with a user; nine in ten approved (with prices), one in ten pending. Ratings take
 * 200 values, so that the directory's order has many ties that its name and id must break.
 */
export async function fillSeers(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    with u as (
      insert into users (email, first_name, last_name, role)
      select 'bench-' || g || '@example.com', 'Bench', 'Seer ' || g, 'seer' from generate_series(${from}::int, ${to}::int) g
      on conflict (email) do nothing
      returning id, last_name
    )
    insert into seers (user_id, full_name, country, languages, tradition, specializations, biography, years_of_practice,
                       verification_status, price_15_min, price_30_min, price_60_min, average_rating, total_reviews)
    select u.id, 'Guide ' || u.last_name || ' ' || md5(u.id),
           (${sql.raw(arrayLiteral(BENCH_COUNTRIES))})[1 + (hashtext(u.id) & 1023) % 10],
           array[(array['English','French','Yoruba','Twi','Zulu','Swahili','Wolof','Fon'])[1 + (hashtext(u.id || 'l') & 1023) % 8]],
           'Tradition ' || (hashtext(u.id) & 1023) % 40,
           array[(${sql.raw(arrayLiteral(BENCH_SPECIALIZATIONS))})[1 + (hashtext(u.id || 's') & 1023) % 6]],
           'Guides seekers with ' || md5(u.id || 'bio') || ' and the wisdom of the ancestors.',
           1 + (hashtext(u.id) & 1023) % 40,
           case when (hashtext(u.id) & 1023) % 10 = 0 then 'pending' else 'approved' end,
           25.00, 45.00, 80.00, round((3 + ((hashtext(u.id) & 1023) % 200) / 100.0)::numeric, 2), (hashtext(u.id) & 1023) % 300
    from u
  `);
}

/**
 * Products number `from`..`to` in BENCH_CATEGORY_COUNT categories, one a minute from 2024 on (a later number is a
 * newer product, as a growing shop adds them); one in twenty inactive, one in ten out of stock.
 */
export async function fillProducts(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into product_categories (name, slug)
    select 'Bench Category ' || c, 'bench-category-' || c from generate_series(1, ${BENCH_CATEGORY_COUNT}::int) c
    on conflict do nothing
  `);
  await db.execute(sql`
    with c as (select array_agg(id order by slug) ids from product_categories where slug like 'bench-category-%'),
    g as (select g, hashtext('p' || g) & 1023 h from generate_series(${from}::int, ${to}::int) g)
    insert into products (name, slug, description, price, category_id, origin, stock_quantity, is_active, created_at)
    select coalesce((${sql.raw(arrayLiteral(BENCH_PRODUCT_KINDS))})[1 + h % 8], 'Talisman ' || md5('t' || g)) || ' No. ' || g,
           'bench-product-' || g,
           'Made by hand in ' || (${sql.raw(arrayLiteral(BENCH_COUNTRIES))})[1 + (h / 8) % 10] || ' for ' || md5('d' || g) || '.',
           round((5 + h % 95)::numeric + 0.99, 2),
           c.ids[1 + (hashtext('c' || g) & 1023) % ${BENCH_CATEGORY_COUNT}],
           (${sql.raw(arrayLiteral(BENCH_COUNTRIES))})[1 + (h / 8) % 10],
           case when h % 10 = 0 then 0 else h % 50 end,
           h % 20 <> 7,
           timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute'
    from g, c
  `);
}

/** A literal array of fixed, known words (never user input). */
function arrayLiteral(words: readonly string[]): string {
  return `array[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(",")}]`;
}
