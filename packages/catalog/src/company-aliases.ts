/**
 * Short forms and brand names under which news refers to listed companies, by SEC CIK, written from
 * general knowledge. Operators add their own in the catalog override file (`CATALOG_OVERRIDES`).
 */
export const COMPANY_ALIASES: Record<number, string[]> = {
  320193: ['Apple'],
  789019: ['Microsoft'],
  64996: ['Mercury Insurance'],
  92122: ['Southern Company'],
  1652044: ['Google', 'Alphabet'],
  1018724: ['Amazon', 'Amazon.com', 'AWS', 'Amazon Web Services'],
  1326801: ['Meta', 'Facebook', 'Instagram', 'WhatsApp', 'Oculus'],
  1318605: ['Tesla'],
  1045810: ['Nvidia'],
  19617: ['JPMorgan', 'JP Morgan', 'J.P. Morgan', 'Chase', 'JPMorgan Chase'],
  927628: ['Capital One'],
  27904: ['Delta', 'Delta Air Lines'],
  // Airlines that news names without their holding's or registered tail.
  1158463: ['JetBlue'],
  766421: ['Alaska Airlines'],
  1743907: ['Sun Country Airlines', 'Sun Country'],
  1498710: ['Spirit Airlines'],
  1362468: ['Allegiant Air', 'Allegiant'],
  51143: ['IBM'],
  1858681: ['Apollo', 'Apollo Global'],
  1130464: ['Black Hills Energy'],
  2488: ['AMD'],
  104169: ['Walmart', 'Wal-Mart'],
  21344: ['Coca-Cola', 'Coke'],
  77476: ['PepsiCo', 'Pepsi'],
  80424: ['Procter & Gamble', 'P&G'],
  34088: ['Exxon', 'ExxonMobil', 'Exxon Mobil'],
  12927: ['Boeing'],
  37996: ['Ford', 'Ford Motor'],
  1467858: ['GM', 'General Motors'],
  40545: ['GE', 'General Electric', 'GE Aerospace'],
  1744489: ['Disney', 'Walt Disney'],
  1065280: ['Netflix'],
  1065088: ['eBay'],
  1159167: ['iRobot'],
  320187: ['Nike'],
  829224: ['Starbucks'],
  63908: ["McDonald's", 'McDonalds'],
  70858: ['Bank of America', 'BofA'],
  72971: ['Wells Fargo'],
  831001: ['Citigroup', 'Citi', 'Citibank'],
  886982: ['Goldman Sachs', 'Goldman'],
  895421: ['Morgan Stanley'],
  731766: ['UnitedHealth'],
  858877: ['Cisco'],
  1108524: ['Salesforce'],
  804328: ['Qualcomm'],
  732717: ['AT&T'],
  732712: ['Verizon'],
  1166691: ['Comcast'],
  354950: ['Home Depot'],
  60667: ["Lowe's", 'Lowes'],
  909832: ['Costco'],
  1543151: ['Uber'],
  1633917: ['PayPal'],
  1067983: ['Berkshire Hathaway', 'Berkshire'],
  1090727: ['UPS'],
  1048911: ['FedEx'],
  18230: ['Caterpillar'],
  315189: ['Deere', 'John Deere'],
  66740: ['3M'],
  936468: ['Lockheed Martin', 'Lockheed'],
  101829: ['Raytheon', 'RTX'],
  1133421: ['Northrop Grumman', 'Northrop'],
  6201: ['American Airlines'],
  100517: ['United Airlines'],
  92380: ['Southwest Airlines', 'Southwest'],
  59478: ['Eli Lilly', 'Lilly'],
  14272: ['Bristol Myers Squibb', 'Bristol-Myers'],
  310158: ['Merck'],
  78003: ['Pfizer'],
  200406: ['Johnson & Johnson', 'J&J'],
  64803: ['CVS', 'CVS Health'],
  1618921: ['Walgreens'],
  794367: ["Macy's", 'Macys'],
  885639: ["Kohl's", 'Kohls'],
  764478: ['Best Buy'],
  1571996: ['Dell'],
  47217: ['HP', 'Hewlett-Packard'],
  1730168: ['Broadcom'],
  1046179: ['TSMC', 'Taiwan Semiconductor'],
  313838: ['Sony'],
  1094517: ['Toyota'],
  715153: ['Honda'],
  1577552: ['Alibaba'],
  1000184: ['SAP'],
  1131399: ['GSK', 'GlaxoSmithKline'],
  313807: ['BP'],
  1306965: ['Shell', 'Royal Dutch Shell'],
  1141391: ['Mastercard'],
  4962: ['American Express', 'Amex'],
  316709: ['Charles Schwab', 'Schwab'],
  2012383: ['BlackRock'],
  1403161: ['Visa'],
  27419: ['Target'],
  39911: ['Gap'],
  1341439: ['Oracle'],
  1564408: ['Snap', 'Snapchat'],
  1585521: ['Zoom'],
  1512673: ['Block', 'Square', 'Cash App'],
  50863: ['Intel'],
  93410: ['Chevron'],
  1751788: ['Dow'],
  1437107: ['Warner Bros. Discovery', 'Warner Bros'],
  813828: ['Paramount', 'Paramount Pictures'],
  1754301: ['Fox Corp', 'Fox', 'Fox News'],
  1564708: ['News Corp'],
  1283699: ['T-Mobile'],
  815097: ['Carnival'],
  865752: ['Monster Beverage', 'Monster Energy', 'Monster'],
  1075531: ['Booking Holdings', 'Booking.com'],
  1058090: ['Chipotle'],
  1286681: ["Domino's", 'Dominos', "Domino's Pizza"],
  1637459: ['Kraft Heinz'],
  1103982: ['Mondelez'],
  40704: ['General Mills'],
  1001250: ['Estee Lauder', 'Estée Lauder'],
  1326380: ['GameStop'],
  712515: ['Electronic Arts', 'EA'],
  1810806: ['Unity'],
  1373715: ['ServiceNow'],
  1091667: ['Charter Communications', 'Spectrum'],
  1099219: ['MetLife'],
  80661: ['Progressive'],
  1739940: ['Cigna'],
  1675149: ['Alcoa'],
  793952: ['Harley-Davidson', 'Harley'],
  1336917: ['Under Armour'],
  1164727: ['Newmont'],
  1639920: ['Spotify'],
  1559720: ['Airbnb'],
  1759509: ['Lyft'],
  1679788: ['Coinbase'],
  1321655: ['Palantir'],
  1640147: ['Snowflake'],
  1059556: ["Moody's", 'Moodys'],
  78890: ["Brink's"],
  802481: ["Pilgrim's Pride"],
  1144215: ['Acuity Brands'],
  1722684: ['Wyndham'],
  1397187: ['Lululemon'],
  1035002: ['Valero'],
  1510295: ['Marathon Petroleum'],
  1800: ['Abbott'],
  723125: ['Micron'],
  882095: ['Gilead'],
  95029: ['Sturm Ruger', 'Ruger'],
  1795586: ['Chime'],
  1876042: ['Circle'],
  1783879: ['Robinhood'],
  1801170: ['Clover Health'],
  // Registered with a word that news leaves off ("Honeywell International", "Hertz Global Holdings",
  // "Live Nation Entertainment"): the name as news writes it.
  773840: ['Honeywell'],
  1657853: ['Hertz'],
  1048286: ['Marriott'],
  1585689: ['Hilton'],
  1590895: ['Caesars'],
  1069183: ['Axon'],
  18926: ['Lumen'],
  851968: ['Mohawk'],
  1090872: ['Agilent'],
  1086222: ['Akamai'],
  1113232: ['Axcelis'],
  1996862: ['Bunge'],
  23217: ['Conagra'],
  1446519: ['Daikin'],
  1029142: ['Dynavax'],
  1029199: ['Euronet'],
  1762301: ['Fiverr'],
  931148: ['GrafTech'],
  1342338: ['Himax'],
  357294: ['Hovnanian'],
  1107457: ['Infineon'],
  1388658: ['iRhythm'],
  1601046: ['Keysight'],
  1760965: ['Kontoor'],
  202058: ['L3Harris'],
  1758057: ['Luminar'],
  1910139: ['Mobileye'],
  1801169: ['Opendoor'],
  1296445: ['Ormat'],
  1845815: ['Payoneer'],
  1611052: ['Procore'],
  1782170: ['Remitly'],
  1740332: ['Resideo'],
  1560968: ['Samsonite'],
  1477294: ['Sensata'],
  310142: ['Sensient'],
  1419612: ['SolarEdge'],
  1094285: ['Teledyne'],
  1731348: ['Tilray'],
  1466258: ['Trane'],
  72903: ['Xcel'],
  1794515: ['ZoomInfo'],
  1756708: ['Jumia'],
  1163739: ['Nabors'],
  73756: ['Oceaneering'],
  102729: ['Valmont'],
  818686: ['Teva'],
  1739566: ['Utz'],
  901491: ["Papa John's", 'Papa Johns'],
  1046311: ['Choice Hotels'],
  1335258: ['Live Nation'],
  // …and before a smaller company registered under the short name alone (Vertex, Inc., tax software).
  875320: ['Vertex'],
  1999001: ['Six Flags'],
  1413329: ['Philip Morris'],
  833444: ['Johnson Controls'],
  1501585: ['Huntington Ingalls'],
  1092796: ['Smith & Wesson'],
  1618756: ['Restaurant Brands'],
  837465: ['Topgolf'],
  789570: ['MGM Resorts'],
  1381640: ['Melco'],
  1744676: ['Tencent Music'],
  1630805: ['Babcock & Wilcox'],
  1159152: ['James Hardie'],
  56978: ['Kulicke & Soffa'],
  1066605: ['Heidrick & Struggles'],
  1525769: ["Dave & Buster's"],
  1043277: ['C.H. Robinson'],
  49754: ['Dine Brands'],
  1835632: ['Marvell'],
  753308: ['NextEra'],
  872589: ['Regeneron'],
  1137789: ['Seagate'],
  4127: ['Skyworks'],
  92230: ['Truist'],
  1601712: ['Synchrony'],
  1383312: ['Broadridge'],
  1393052: ['Veeva'],
  72741: ['Eversource'],
  1130310: ['CenterPoint'],
  820027: ['Ameriprise'],
  874716: ['Idexx'],
  746515: ['Expeditors'],
  879101: ['Kimco'],
  1050915: ['Quanta'],
  1389170: ['Targa'],
  1705696: ['Vici'],
  910521: ['Deckers'],
  731802: ['Atmos'],
  1781335: ['Otis'],
  1783180: ['Carrier'],
  107687: ['Winnebago'],
  940944: ['Darden'],
  1067294: ['Cracker Barrel'],
  807882: ['Jack in the Box'],
  48465: ['Hormel'],
  832988: ['Signet'],
  79879: ['PPG'],
  31235: ['Kodak'],
  24545: ['Molson Coors'],
  1849635: ['Trump Media'],
  // Foreign companies listed in the US under their full or national names.
  1446250: ['BMW'],
  717826: ['Ericsson'],
  353278: ['Novo Nordisk'],
  1142231: ['Heineken'],
  1648416: ['Ferrari'],
  1605484: ['Stellantis'],
  313216: ['Philips'],
  891478: ['Santander'],
  1159508: ['Deutsche Bank'],
  1039765: ['ING'],
  1119639: ['Petrobras'],
  1002242: ['Eni'],
  814052: ['Telefónica'],
  1565025: ['Ambev'],
  1395064: ['Takeda'],
  1438656: ['Inditex'],
  1874178: ['Rivian'],
  1579091: ['Instacart'],
  1639825: ['Peloton'],
  1773751: ['Hims & Hers', 'Hims'],
  1049724: ['Lufthansa'],
  1032975: ['Logitech'],
  912892: ['Televisa'],
  842180: ['BBVA'],
  1877787: ['Zegna'],
  1071321: ['Turkcell'],
  1792627: ['Just Eat Takeaway', 'Just Eat'],
  1691493: ['Nubank'],
  91440: ['Snap-on'],
  62709: ['Marsh McLennan'],
  898173: ["O'Reilly Automotive"],
};

/**
 * Short forms that are ordinary words or names even though a dictionary may not list them (people,
 * myths, stars, units…): a mention needs the same evidence as a dictionary word (capitalised, and
 * business context or a ticker).
 */
export const AMBIGUOUS_NAMES = [
  'Abbott',
  'Apollo',
  'Gilead',
  'Micron',
  'Meta',
  'Amazon',
  'Dow',
  'Fox',
  'Harley',
  'Winnebago',
  'Gaia',
  'Procyon',
  'Kodak',
  'Chipotle',
  'Asana',
  'Samsara',
  'Lilly',
  'Chase',
  'Delta',
  'Southwest',
  'Spectrum',
  'Progressive',
  'Paramount',
  'Unity',
  'Carnival',
  'Target',
  'Block',
  'Square',
  'Snap',
  'Zoom',
  'Gap',
  'Shell',
  'Visa',
  'Oracle',
  'Apple',
  'Ford',
  'Dell',
  'Goldman',
  'Schwab',
  'Lockheed',
  'Berkshire',
  'Deere',
  'Coke',
  'Pepsi',
  'Alphabet',
  'Citi',
  'Snowflake',
  'Chime',
  'Circle',
  'Cava',
  // People, myths, stars and units named like companies, and a word for information.
  'Tesla',
  'Viking',
  'Nikola',
  'Nike',
  'Palantir',
  'Polaris',
  'Celsius',
  'Intel',
  'Orion',
  // Places, common surnames and famous people named like companies (Dover Corp, Everest Group,
  // Williams Companies, Morgan Group Holding, Oppenheimer Holdings, Galapagos NV).
  'Dover',
  'Galapagos',
  'Hartford',
  'Everest',
  'Williams',
  'Morgan',
  'Oppenheimer',
  // A hotel heiress, a Spanish city, packets of energy (and a science magazine), a pack of cyclists, a
  // unit of frequency, a nerve fibre, a unit of light, a people; words of other languages: a cup, "I am",
  // blue ("Azul é a cor do ano"), united ("Stati Uniti").
  'Hilton',
  'Santander',
  'Quanta',
  'Peloton',
  'Hertz',
  'Axon',
  'Lumen',
  'Mohawk',
  'Copa',
  'Sono',
  'Azul',
  'Uniti',
  // A word in American spelling ("Travelers stranded as rail strike halts trains").
  'Travelers',
  // A surname, and an army's armoured vehicle ("Stryker fighting vehicles sent to Ukraine").
  'Stryker',
  // A coffee certification, a Porsche's roof, a genus of lilies, a film, Arthur's isle, a mascot.
  'Utz',
  'Targa',
  'Lilium',
  'Tron',
  'Avalon',
  'Domo',
  // Words the dictionary lists only among its rarer words: the front line's ("frontline workers",
  // "America's Frontline Doctors"; Frontline the tanker owner), a park's land and a Florida city
  // ("the Parkland survivor"; Parkland the fuel retailer).
  'Frontline',
  'Parkland',
];

/**
 * Companies' acronyms that are also the jargon of computing, finance or medicine ("RPC" a remote procedure
 * call, "NFT" a token, "CGI" computer graphics, "XP" Windows XP or experience points, "SOS" a call for
 * help, "ESG" investing's criteria, "GPT" a language model) or an institution's name in other languages
 * ("BCE", the European Central Bank in French, Spanish, Italian and Portuguese): in capitals they still
 * need evidence.
 */
export const JARGON_ACRONYMS = ['RPC', 'NFT', 'CGI', 'SOS', 'XP', 'ESG', 'GPT', 'PHI', 'PACS', 'BCE'];

/** Companies' acronyms that are also a title before a person's name ("Yankees GM Brian Cashman"). */
export const TITLE_ACRONYMS = ['GM'];

/**
 * Newspapers and networks whose title is also their company's name or alias: news cites the paper or
 * the network ("The New York Times reported", an aggregator's "… - The New York Times", "told Fox
 * News"), so a mention is the company only with business evidence, its trade or its legal form ("New
 * York Times Co.", "New York Times shares jump", "Fox News anchor signs new deal").
 */
export const MASTHEADS = ['New York Times', 'Fox News'];

/**
 * Registered names whose bare word news never uses for the company, by SEC CIK: "News" of NEWS CORP
 * is every outlet's ("WRAL News", "Fox News"), "City" every town's and club's ("traded to Oklahoma
 * City", "Kansas City Star"), "Star" every newspaper's and performer's, "Bill" every parliament's
 * ("Industrial Policy Bill"), "Premier" every province's and league's, "Founder" every start-up's;
 * "Crypto" and "Lithium" are their markets ("Crypto prices crash"), "Employers" and "Citizens" everyone
 * who employs or votes, "Southern" every region's ("Southern California", "Southern Water"), and "Post",
 * "Paid", "Perfect", "Popular", "Genius", "Freedom" and "Grande" the words of every title-case headline
 * ("Banks Post Record Profits", "Network Paid $2 Million", "Rio Grande"). News names these companies with
 * the rest of their name or their legal form ("News Corp", "City Holding", "Star Holdings", "Star Group",
 * "Bill Holdings", "Premier Inc", "Founder Group", "Post Holdings", "Popular Inc"), which still matches.
 */
export const NEVER_BARE: Record<number, string> = {
  1564708: 'News',
  726854: 'City',
  1953366: 'Star',
  1002590: 'Star',
  1786352: 'Bill',
  1577916: 'Premier',
  1989930: 'Founder',
  1688126: 'Crypto',
  1415332: 'Lithium',
  1379041: 'Employers',
  1017655: 'Paid',
  1899830: 'Perfect',
  763901: 'Popular',
  1847806: 'Genius',
  924805: 'Freedom',
  1386044: 'Freedom',
  2027722: 'Grande',
  1530950: 'Post',
  24090: 'Citizens',
  1075706: 'Citizens',
  92122: 'Southern',
};

/**
 * Brands that the dictionary lists as words only because of the brand ("to google"): capitalised, the
 * name is the company, with no further evidence.
 */
export const BRAND_WORDS = ['Google'];

/**
 * Pairs of everyday words that name nothing but the company: each word capitalised in a sentence-case
 * text, the pair is the company ("Union Pacific train derails", "Dollar General worker killed"), as a
 * name ending in an industry's word is ("Duke Energy"). In a title-case headline, where every word has a
 * capital, they need evidence as any everyday words do ("Going Beyond Meat And Potatoes").
 */
export const COMPANY_PAIRS = [
  'Union Pacific',
  'Norfolk Southern',
  'Dollar General',
  'Dollar Tree',
  'General Mills',
  'Western Union',
  'Electronic Arts',
  'Foot Locker',
  'Urban Outfitters',
  'Toll Brothers',
  'Capital One',
  'Shake Shack',
  'Paramount Pictures',
  'Planet Fitness',
  'Big Lots',
  'Beyond Meat',
  'Boot Barn',
  'Genuine Parts',
  'Sealed Air',
  'Sally Beauty',
  'Sleep Number',
  'Vivid Seats',
  'Invitation Homes',
  'Grocery Outlet',
  'Royal Mail',
  "Pilgrim's Pride",
];

/**
 * Product lines that news names with the company's own name, by SEC CIK: "Apple Watch", "Amazon
 * Prime", "Meta Quest" name the company although a capitalised word follows it (which otherwise makes
 * another name of it: "Apple Valley", "Amazon Basin"). Only for companies whose name is also a word.
 */
export const PRODUCT_LINES: Record<number, string[]> = {
  320193: [
    'Watch',
    'TV',
    'Music',
    'Pay',
    'Vision',
    'Arcade',
    'Card',
    'Intelligence',
    'Maps',
    'News',
    'Silicon',
    'Pencil',
    'Store',
  ],
  1018724: [
    'Prime',
    'Echo',
    'Alexa',
    'Kindle',
    'Music',
    'Pharmacy',
    'Fresh',
    'Mechanical',
    'SageMaker',
    'S3',
    'EC2',
    'Bedrock',
  ],
  50863: ['Core', 'Xeon', 'Arc', 'Gaudi', 'Sapphire'],
  796343: ['Photoshop', 'Acrobat', 'Illustrator', 'Premiere', 'Lightroom', 'Firefly', 'Creative'],
  1326801: ['Quest', 'AI', 'Horizon', 'Threads'],
  1341439: ['Cloud', 'Database'],
  1564408: ['Spectacles'],
  27419: ['Circle'],
};

/**
 * Products, services and officers that only one company has, by SEC CIK, for companies whose name is
 * also a word: an article that names one ("iPhone", "Instagram", "Cybertruck", "Tim Cook") means the
 * company by its name ("Apple Encryption Case", "Meta Hires…"). Words of no other sense only; an officer
 * by full name unless the surname alone is unmistakable ("Zuckerberg").
 */
export const COMPANY_PRODUCTS: Record<number, string[]> = {
  320193: [
    'iPhone',
    'iPhones',
    'iPad',
    'iPads',
    'MacBook',
    'MacBooks',
    'iMac',
    'iOS',
    'iPadOS',
    'macOS',
    'watchOS',
    'visionOS',
    'AirPods',
    'iTunes',
    'Siri',
    'CarPlay',
    'HomePod',
    'FaceTime',
    'iCloud',
    'Tim Cook',
  ],
  1018724: ['Kindle', 'Alexa', 'AWS', 'Bezos', 'Jassy', 'SageMaker', 'DynamoDB'],
  1326801: ['Facebook', 'Instagram', 'WhatsApp', 'Oculus', 'Zuckerberg'],
  1564408: ['Snapchat', 'Bitmoji', 'Evan Spiegel'],
  1318605: ['Cybertruck', 'Powerwall', 'Musk'],
  50863: ['Pentium', 'Xeon', 'Gelsinger', 'Sapphire Rapids'],
  789019: ['Xbox', 'HoloLens', 'PowerPoint', 'Nadella'],
  796343: ['Photoshop', 'Lightroom', 'InDesign'],
  1341439: ['NetSuite', 'Ellison', 'Safra Catz'],
  1571996: ['Alienware'],
  815097: ['cruise ship', 'cruise ships', 'cruise line', 'cruise lines', 'Micky Arison'],
  1306965: ['Wael Sawan'],
  27904: ['Ed Bastian', 'SkyMiles'],
  27419: ['Brian Cornell'],
  1585521: ['Eric Yuan'],
  1403161: ['Ryan McInerney'],
  37996: ['Model T', 'Bronco'],
  891103: ['Tinder', 'OkCupid'],
  1512673: ['Cash App', 'Afterpay', 'Dorsey'],
  39911: ['Old Navy', 'Banana Republic', 'Athleta'],
  // Drugmakers whose short names are words, people or places: their medicines say which is meant.
  59478: ['Mounjaro', 'Zepbound', 'Trulicity', 'Verzenio', 'Dave Ricks'], // Eli Lilly
  1800: ['FreeStyle Libre', 'Similac', 'BinaxNOW'], // Abbott
  875320: ['Trikafta', 'Kaftrio', 'Casgevy', 'Journavx'], // Vertex
  353278: ['Ozempic', 'Wegovy', 'Rybelsus'], // Novo Nordisk
  882095: ['Biktarvy', 'Sunlenca', 'Yeztugo', 'Veklury'], // Gilead
  1816708: ['baby monitor', 'baby monitors', 'Smart Sock', 'Dream Sock'], // Owlet
};

/** The words of an airline's trade ({@link COMPANY_TRADES}). */
const AIRLINE = `flight flyer passenger pilot plane jet jetliner airliner aircraft airport runway cabin fare bag baggage
  boarding airbus boeing nonstop aviation layover`;
const OIL_AND_GAS = `oil gas petrol gasoline diesel refinery refining drilling offshore crude barrel lng pipeline
  oilfield petroleum biofuel`;
const PAYMENTS = 'debit contactless payment transaction merchant checkout fintech';
const SOCIAL_MEDIA = 'ad ads advertiser advertising creator influencer chat chatbot metaverse headset';
const CARMAKER = 'car vehicle pickup truck suv dealer dealership ev evs autoworker sedan';
const SOFTWARE = 'software cloud database server developer subscription';
const CHIPS = 'chip processor semiconductor foundry wafer memory dram';
const DRUGS = 'drug obesity insulin antiviral hiv vaccine';
const PACKAGING = 'packaging beverage container';

/**
 * The words of a company's trade, by SEC CIK, for companies whose one-word name is also a word, a
 * place or a person, or whose name is two everyday words ("Energy Vault signs deal for battery plant"):
 * near the name they say the company is meant, as a strong business word does
 * ("Delta Is Giving Passengers Free Wi-Fi", "Visa Fined Over Debit Card Fees", "Shoppers Flock To
 * Target"), and right after it they are the company's ("Delta pilots picket at Atlanta airport"; not
 * "Delta farmers"). Far from the name they say nothing ("Southwest braces for storms as flights are
 * cancelled"), except of a name that is no everyday word ("Thieves steal Ruger pistols"). Singular
 * forms; words of several senses left out ("card": a visa's holders fear for their green card; "fuel":
 * a shell hits a fuel depot), and names that are also given or pets' names (Lilly, Harley, Chewy: "Lilly
 * receives her first vaccine at school").
 */
export const COMPANY_TRADES: Record<number, string> = {
  27904: AIRLINE, // Delta
  92380: AIRLINE, // Southwest
  1306965: OIL_AND_GAS, // Shell
  93410: OIL_AND_GAS, // Chevron
  1403161: PAYMENTS, // Visa
  1512673: `${PAYMENTS} bitcoin`, // Block
  1326801: SOCIAL_MEDIA, // Meta
  1564408: SOCIAL_MEDIA, // Snap
  37996: CARMAKER, // Ford
  1318605: CARMAKER, // Tesla
  1811210: CARMAKER, // Lucid
  1341439: SOFTWARE, // Oracle
  796343: `${SOFTWARE} photoshop`, // Adobe
  50863: `${CHIPS} pc pcs`, // Intel
  723125: CHIPS, // Micron
  1973239: CHIPS, // Arm
  882095: DRUGS, // Gilead
  1219601: PACKAGING, // Crown
  9389: PACKAGING, // Ball
  320193: 'device smartphone laptop developer chip', // Apple
  1018724: 'warehouse delivery driver package parcel seller shopper commerce marketplace', // Amazon
  27419: 'shopper merchandise aisle checkout retail store', // Target
  39911: 'clothing apparel jeans', // Gap
  1585521: 'call meeting video webinar remote account user app', // Zoom
  891103: 'dating swipe', // Match
  1830043: 'dating swipe', // Bumble
  1639825: 'treadmill workout instructor subscriber fitness exercise', // Peloton
  1810806: 'developer engine', // Unity
  320187: 'shoe sneaker trainer sportswear footwear apparel kit jersey uniform', // Nike
  1977102: 'sandal shoe footwear', // Birkenstock
  95029: 'pistol rifle firearm handgun gun', // Ruger
  1754301: 'channel broadcast broadcaster anchor ratings', // Fox
  1744489: 'park resort studio animation streaming cruise', // Disney
  1571996: 'laptop pc pcs server', // Dell
  1585689: 'hotel resort', // Hilton
  18230: 'excavator bulldozer machinery', // Caterpillar
  1286681: 'pizza', // Domino's
  16988: 'camera lens printer', // Canon
  31235: 'camera photography', // Kodak
  1505880: 'jewellery jewelry bracelet', // Pandora
  842162: 'seat seating', // Lear
  24741: 'glass fibre fiber ceramic', // Corning
  1783180: 'hvac heating conditioner conditioning refrigeration furnace chiller', // Carrier
  1345016: 'review reviewer restaurant listing', // Yelp
  78890: 'armoured armored van vans guard guards cash atm atms vault', // Brink's
  1195734: 'sandwich sandwiches', // Potbelly
  1828536: 'battery megawatt grid', // Energy Vault
  276720: 'water wastewater homebuilder', // Pure Cycle
};

/**
 * The words of a name's everyday sense, by SEC CIK, for companies whose one-word name news uses most in
 * that sense: an article that speaks of it, and neither of the company's trade ({@link COMPANY_TRADES})
 * nor of its products or officers ({@link COMPANY_PRODUCTS}), means the word, whatever business words
 * it has ("Apple growers raise prices after poor harvest | Orchards in Kent lost a third of their crop",
 * "Microsoft and Apple pie: the tech giant's cafeteria menu goes viral"). Singular forms; words of that
 * sense only. A company that shares its name with another lists the other's words ("Merck KGaA").
 */
export const COMPANY_SENSES: Record<number, string> = {
  320193: 'fruit orchard grower farmer harvest crop cider blossom pie picker bramley', // Apple
  1403161: 'applicant immigration immigrant migrant asylum embassy consulate passport permit', // Visa
  27904: 'river estuary wetland sediment silt mangrove floodplain', // Delta
  1058090: 'pepper chilli chili adobo jalapeno jalapeño mayo salsa marinade smoky', // Chipotle
  // Another company of the same name: Merck KGaA of Darmstadt (EMD in North America) is not Merck & Co.
  310158: 'darmstadt darmstadter kgaa emd', // Merck
  1783180: 'aircraft warship navy naval sailor wireless mobile postal mail letter', // Carrier
};
