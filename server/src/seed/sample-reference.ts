/**
 * Reference data of the sample catalogue: cities, venues, performers, facets, currencies,
 * ways to pay. Written by hand in English, Russian and Arabic.
 */
export interface Tr {
  en: string;
  ru: string;
  ar: string;
}

export const LOCATIONS: Array<[number, Tr]> = [
  [1, { en: "Dubai", ru: "Дубай", ar: "دبي" }],
  [2, { en: "Abu Dhabi", ru: "Абу-Даби", ar: "أبوظبي" }],
  [3, { en: "Sharjah", ru: "Шарджа", ar: "الشارقة" }],
  [4, { en: "Ras Al Khaimah", ru: "Рас-эль-Хайма", ar: "رأس الخيمة" }],
  [5, { en: "Ajman", ru: "Аджман", ar: "عجمان" }],
  [6, { en: "Fujairah", ru: "Фуджейра", ar: "الفجيرة" }],
  [7, { en: "Al Ain", ru: "Эль-Айн", ar: "العين" }],
];

export interface PlaceSeed {
  id: number;
  location: number;
  title: Tr;
  address: Tr;
  lat: number;
  lng: number;
  halls: Tr[];
  about: Tr;
  image: boolean;
}

const MAIN: Tr = { en: "Main hall", ru: "Главный зал", ar: "القاعة الرئيسية" };

export const PLACES: PlaceSeed[] = [
  {
    id: 1,
    location: 1,
    lat: 25.2049,
    lng: 55.2621,
    image: true,
    title: { en: "Coca-Cola Arena", ru: "Coca-Cola Arena", ar: "كوكاكولا أرينا" },
    address: { en: "City Walk, Al Wasl, Dubai", ru: "Сити Уолк, Аль-Васль, Дубай", ar: "سيتي ووك، الوصل، دبي" },
    halls: [{ en: "Arena", ru: "Арена", ar: "الساحة" }],
    about: {
      en: "Dubai's largest indoor arena, with room for 17,000 people and a roof that keeps the summer out.",
      ru: "Крупнейшая крытая арена Дубая: 17 000 зрителей и кондиционированный зал, где жара не страшна даже летом.",
      ar: "أكبر ساحة مغلقة في دبي، تتسع لسبعة عشر ألف متفرج ومكيّفة بالكامل طوال العام.",
    },
  },
  {
    id: 2,
    location: 1,
    lat: 25.1955,
    lng: 55.272,
    image: true,
    title: { en: "Dubai Opera", ru: "Дубайская опера", ar: "دبي أوبرا" },
    address: {
      en: "Sheikh Mohammed bin Rashid Blvd, Downtown Dubai",
      ru: "бульвар Шейха Мохаммеда бин Рашида, Даунтаун Дубай",
      ar: "بوليفارد الشيخ محمد بن راشد، وسط مدينة دبي",
    },
    halls: [
      { en: "Auditorium", ru: "Большой зал", ar: "المسرح الرئيسي" },
      { en: "Studio", ru: "Студия", ar: "الاستوديو" },
    ],
    about: {
      en: "A dhow-shaped opera house at the foot of Burj Khalifa, home to opera, ballet, concerts and musicals.",
      ru: "Здание в форме арабской лодки-доу у подножия Бурдж-Халифы: опера, балет, концерты и мюзиклы.",
      ar: "دار أوبرا على شكل مركب شراعي تقليدي عند سفح برج خليفة، تستضيف الأوبرا والباليه والحفلات والمسرحيات الموسيقية.",
    },
  },
  {
    id: 3,
    location: 1,
    lat: 25.1327,
    lng: 55.185,
    image: true,
    title: { en: "Madinat Theatre", ru: "Театр «Мадинат»", ar: "مسرح مدينة جميرا" },
    address: {
      en: "Souk Madinat Jumeirah, Al Sufouh Rd, Dubai",
      ru: "Сук Мадинат Джумейра, Аль-Суфух-роуд, Дубай",
      ar: "سوق مدينة جميرا، شارع الصفوح، دبي",
    },
    halls: [MAIN],
    about: {
      en: "An intimate 442-seat theatre inside the souk, loved for West End comedies and touring plays.",
      ru: "Уютный зал на 442 места прямо внутри рынка — здесь идут комедии Вест-Энда и гастрольные спектакли.",
      ar: "مسرح حميم يضم 442 مقعدًا داخل السوق، يشتهر بالكوميديا والمسرحيات الزائرة من لندن.",
    },
  },
  {
    id: 4,
    location: 1,
    lat: 24.9634,
    lng: 55.15,
    image: true,
    title: { en: "Expo City Dubai", ru: "Expo City Dubai", ar: "مدينة إكسبو دبي" },
    address: { en: "Expo Road, Dubai South", ru: "Экспо-роуд, Дубай Саут", ar: "طريق إكسبو، دبي الجنوب" },
    halls: [
      { en: "Al Wasl Dome", ru: "Купол Аль-Васль", ar: "قبة الوصل" },
      { en: "Jubilee Stage", ru: "Сцена «Юбилей»", ar: "مسرح اليوبيل" },
    ],
    about: {
      en: "The former Expo 2020 site, with the projection dome of Al Wasl Plaza and open-air stages.",
      ru: "Бывшая площадка «Экспо-2020»: проекционный купол площади Аль-Васль и открытые сцены.",
      ar: "موقع إكسبو 2020 السابق، بقبة ساحة الوصل للعروض الضوئية ومسارح في الهواء الطلق.",
    },
  },
  {
    id: 5,
    location: 1,
    lat: 25.2249,
    lng: 55.2867,
    image: true,
    title: { en: "Dubai World Trade Centre", ru: "Всемирный торговый центр Дубая", ar: "مركز دبي التجاري العالمي" },
    address: {
      en: "Sheikh Zayed Rd, Trade Centre 2, Dubai",
      ru: "шоссе Шейха Зайда, Трейд-Центр 2, Дубай",
      ar: "شارع الشيخ زايد، المركز التجاري 2، دبي",
    },
    halls: [
      { en: "Sheikh Saeed Hall", ru: "Зал Шейха Саида", ar: "قاعة الشيخ سعيد" },
      { en: "Za'abeel Hall", ru: "Зал Забиль", ar: "قاعة زعبيل" },
    ],
    about: {
      en: "The city's exhibition district, hosting fairs, gaming conventions and large seated concerts.",
      ru: "Главный выставочный комплекс города: ярмарки, игровые фестивали и большие концерты.",
      ar: "حي المعارض في المدينة، يستضيف المعارض ومهرجانات الألعاب والحفلات الكبرى.",
    },
  },
  {
    id: 6,
    location: 1,
    lat: 25.0947,
    lng: 55.156,
    image: true,
    title: { en: "The Agenda", ru: "The Agenda", ar: "ذا أجندا" },
    address: {
      en: "Dubai Media City, Al Sufouh, Dubai",
      ru: "Дубай Медиа Сити, Аль-Суфух, Дубай",
      ar: "مدينة دبي للإعلام، الصفوح، دبي",
    },
    halls: [MAIN],
    about: {
      en: "A standing-room club venue for rock, indie and electronic nights.",
      ru: "Клубная площадка с танцполом для рок-, инди- и электронных вечеров.",
      ar: "نادٍ للحفلات وقوفًا، يستضيف أمسيات الروك والموسيقى المستقلة والإلكترونية.",
    },
  },
  {
    id: 7,
    location: 1,
    lat: 25.048,
    lng: 55.239,
    image: true,
    title: { en: "Dubai Autodrome", ru: "Автодром Дубая", ar: "حلبة دبي أوتودروم" },
    address: {
      en: "Sheikh Mohammed bin Zayed Rd, Motor City, Dubai",
      ru: "шоссе Шейха Мохаммеда бин Зайда, Мотор-Сити, Дубай",
      ar: "شارع الشيخ محمد بن زايد، موتور سيتي، دبي",
    },
    halls: [{ en: "Main grandstand", ru: "Главная трибуна", ar: "المدرج الرئيسي" }],
    about: {
      en: "A 5.39 km FIA-approved circuit hosting endurance races and track days.",
      ru: "Трасса длиной 5,39 км с лицензией FIA: гонки на выносливость и трек-дни.",
      ar: "حلبة بطول 5.39 كيلومتر معتمدة من الاتحاد الدولي للسيارات، تستضيف سباقات التحمل.",
    },
  },
  {
    id: 8,
    location: 1,
    lat: 25.235,
    lng: 55.342,
    image: true,
    title: {
      en: "Dubai Duty Free Tennis Stadium",
      ru: "Теннисный стадион Dubai Duty Free",
      ar: "ملعب دبي ديوتي فري للتنس",
    },
    address: {
      en: "Aviation Club, Al Garhoud, Dubai",
      ru: "Эвиэйшн-клаб, Аль-Гархуд, Дубай",
      ar: "نادي الطيران، القرهود، دبي",
    },
    halls: [{ en: "Centre Court", ru: "Центральный корт", ar: "الملعب الرئيسي" }],
    about: {
      en: "A 5,000-seat tennis stadium that hosts the Dubai championships every spring.",
      ru: "Теннисный стадион на 5 000 мест, где каждую весну проходит чемпионат Дубая.",
      ar: "ملعب تنس يتسع لخمسة آلاف متفرج ويستضيف بطولة دبي كل ربيع.",
    },
  },
  {
    id: 9,
    location: 1,
    lat: 25.1181,
    lng: 55.2006,
    image: true,
    title: {
      en: "The Theatre at Mall of the Emirates",
      ru: "Театр в Mall of the Emirates",
      ar: "المسرح في مول الإمارات",
    },
    address: {
      en: "Mall of the Emirates, level 2, Al Barsha, Dubai",
      ru: "Mall of the Emirates, 2-й этаж, Аль-Барша, Дубай",
      ar: "مول الإمارات، الطابق الثاني، البرشاء، دبي",
    },
    halls: [MAIN],
    about: {
      en: "A 500-seat theatre in the mall, with family shows at weekends and comedy in the evenings.",
      ru: "Зал на 500 мест в торговом центре: по выходным — семейные спектакли, по вечерам — стендап.",
      ar: "مسرح يتسع لخمسمئة مقعد داخل المول، بعروض عائلية في عطلة نهاية الأسبوع وكوميديا في المساء.",
    },
  },
  {
    id: 10,
    location: 1,
    lat: 25.0806,
    lng: 55.1403,
    image: true,
    title: { en: "Dubai Marina Beach Stage", ru: "Пляжная сцена Дубай Марины", ar: "مسرح شاطئ دبي مارينا" },
    address: {
      en: "The Walk, Jumeirah Beach Residence, Dubai",
      ru: "The Walk, Джумейра-Бич-Резиденс, Дубай",
      ar: "ذا ووك، جميرا بيتش ريزيدنس، دبي",
    },
    halls: [],
    about: {
      en: "An open-air stage on the sand, used for sunset concerts between November and April.",
      ru: "Открытая сцена прямо на песке: концерты на закате с ноября по апрель.",
      ar: "مسرح مفتوح على الرمال يستضيف حفلات الغروب من نوفمبر حتى أبريل.",
    },
  },
  {
    id: 11,
    location: 2,
    lat: 24.47,
    lng: 54.605,
    image: true,
    title: { en: "Etihad Arena", ru: "Etihad Arena", ar: "الاتحاد أرينا" },
    address: {
      en: "Yas Bay Waterfront, Yas Island, Abu Dhabi",
      ru: "набережная Яс-Бей, остров Яс, Абу-Даби",
      ar: "واجهة ياس باي البحرية، جزيرة ياس، أبوظبي",
    },
    halls: [{ en: "Arena", ru: "Арена", ar: "الساحة" }],
    about: {
      en: "An 18,000-capacity waterfront arena for world tours, fights and family spectacles.",
      ru: "Арена на 18 000 зрителей на берегу залива: мировые турне, бои и семейные шоу.",
      ar: "ساحة على الواجهة البحرية تتسع لثمانية عشر ألف متفرج للجولات العالمية والنزالات والعروض العائلية.",
    },
  },
  {
    id: 12,
    location: 2,
    lat: 24.5337,
    lng: 54.3982,
    image: true,
    title: { en: "Louvre Abu Dhabi Auditorium", ru: "Аудитория Лувра Абу-Даби", ar: "مسرح اللوفر أبوظبي" },
    address: {
      en: "Saadiyat Cultural District, Abu Dhabi",
      ru: "культурный квартал Саадият, Абу-Даби",
      ar: "المنطقة الثقافية في السعديات، أبوظبي",
    },
    halls: [{ en: "Auditorium", ru: "Аудитория", ar: "القاعة" }],
    about: {
      en: "A 250-seat hall under Jean Nouvel's dome for chamber music, talks and film.",
      ru: "Зал на 250 мест под куполом Жана Нувеля: камерная музыка, лекции и кино.",
      ar: "قاعة تضم مئتين وخمسين مقعدًا تحت قبة جان نوفيل للموسيقى والمحاضرات والأفلام.",
    },
  },
  {
    id: 13,
    location: 2,
    lat: 24.481,
    lng: 54.355,
    image: true,
    title: { en: "Cultural Foundation", ru: "Культурный фонд", ar: "المجمع الثقافي" },
    address: {
      en: "Al Hosn, Sheikh Zayed the First St, Abu Dhabi",
      ru: "Аль-Хосн, улица Шейха Зайда Первого, Абу-Даби",
      ar: "الحصن، شارع الشيخ زايد الأول، أبوظبي",
    },
    halls: [
      { en: "Theatre", ru: "Театральный зал", ar: "المسرح" },
      { en: "Auditorium", ru: "Аудитория", ar: "القاعة" },
    ],
    about: {
      en: "The capital's historic arts centre beside Qasr Al Hosn, with a theatre, a library and galleries.",
      ru: "Исторический центр искусств столицы рядом с дворцом Каср-аль-Хосн: театр, библиотека и галереи.",
      ar: "مركز الفنون التاريخي في العاصمة بجوار قصر الحصن، يضم مسرحًا ومكتبة وصالات عرض.",
    },
  },
  {
    id: 14,
    location: 2,
    lat: 24.4672,
    lng: 54.6031,
    image: true,
    title: { en: "Yas Marina Circuit", ru: "Трасса Яс-Марина", ar: "حلبة مرسى ياس" },
    address: { en: "Yas Island, Abu Dhabi", ru: "остров Яс, Абу-Даби", ar: "جزيرة ياس، أبوظبي" },
    halls: [
      { en: "Main grandstand", ru: "Главная трибуна", ar: "المدرج الرئيسي" },
      { en: "North grandstand", ru: "Северная трибуна", ar: "المدرج الشمالي" },
    ],
    about: {
      en: "Home of the season-closing Grand Prix, with twilight racing under the lights.",
      ru: "Трасса финального Гран-при сезона: гонки в сумерках под прожекторами.",
      ar: "موطن سباق الجائزة الكبرى الختامي للموسم، مع سباقات عند الغروب تحت الأضواء.",
    },
  },
  {
    id: 15,
    location: 2,
    lat: 24.489,
    lng: 54.609,
    image: false,
    title: { en: "Du Arena", ru: "Du Arena", ar: "دو أرينا" },
    address: {
      en: "Yas Leisure Drive, Yas Island, Abu Dhabi",
      ru: "Яс-Лежер-драйв, остров Яс, Абу-Даби",
      ar: "طريق ياس للترفيه، جزيرة ياس، أبوظبي",
    },
    halls: [],
    about: {
      en: "An open-air concert field for up to 30,000 fans.",
      ru: "Открытая концертная площадка до 30 000 зрителей.",
      ar: "ساحة حفلات مفتوحة تتسع لما يصل إلى ثلاثين ألف معجب.",
    },
  },
  {
    id: 16,
    location: 2,
    lat: 24.4618,
    lng: 54.3174,
    image: true,
    title: { en: "Emirates Palace Auditorium", ru: "Аудитория отеля Emirates Palace", ar: "قاعة قصر الإمارات" },
    address: {
      en: "West Corniche Rd, Al Ras Al Akhdar, Abu Dhabi",
      ru: "Западный Корниш, Рас-эль-Ахдар, Абу-Даби",
      ar: "كورنيش الغرب، رأس الأخضر، أبوظبي",
    },
    halls: [MAIN],
    about: {
      en: "A gilded 1,100-seat auditorium for classical galas and state-of-the-art recitals.",
      ru: "Позолоченный зал на 1 100 мест для классических гала-концертов и сольных выступлений.",
      ar: "قاعة مذهبة تضم ألفًا ومئة مقعد للحفلات الكلاسيكية والأمسيات المنفردة.",
    },
  },
  {
    id: 17,
    location: 2,
    lat: 24.4167,
    lng: 54.4536,
    image: true,
    title: { en: "Zayed Sports City Stadium", ru: "Стадион «Зайед Спортс Сити»", ar: "استاد مدينة زايد الرياضية" },
    address: {
      en: "Arab Gulf St, Zayed Sports City, Abu Dhabi",
      ru: "улица Арабского залива, Зайед Спортс Сити, Абу-Даби",
      ar: "شارع الخليج العربي، مدينة زايد الرياضية، أبوظبي",
    },
    halls: [
      { en: "East stand", ru: "Восточная трибуна", ar: "المدرج الشرقي" },
      { en: "West stand", ru: "Западная трибуна", ar: "المدرج الغربي" },
    ],
    about: {
      en: "The national stadium, with 43,000 seats for football finals and national-day shows.",
      ru: "Национальный стадион на 43 000 мест: финалы по футболу и шоу в День единения.",
      ar: "الاستاد الوطني بثلاثة وأربعين ألف مقعد لنهائيات كرة القدم واحتفالات اليوم الوطني.",
    },
  },
  {
    id: 18,
    location: 3,
    lat: 25.326,
    lng: 55.384,
    image: true,
    title: { en: "Al Majaz Amphitheatre", ru: "Амфитеатр Аль-Маджаз", ar: "مسرح المجاز" },
    address: {
      en: "Al Majaz Waterfront, Buhaira Corniche, Sharjah",
      ru: "набережная Аль-Маджаз, Корниш Бухайра, Шарджа",
      ar: "واجهة المجاز المائية، كورنيش البحيرة، الشارقة",
    },
    halls: [MAIN],
    about: {
      en: "A Roman-style amphitheatre on Khalid Lagoon seating 4,500 under the stars.",
      ru: "Амфитеатр в римском стиле на берегу лагуны Халид: 4 500 мест под открытым небом.",
      ar: "مسرح مدرج على الطراز الروماني على بحيرة خالد، يتسع لأربعة آلاف وخمسمئة متفرج تحت النجوم.",
    },
  },
  {
    id: 19,
    location: 3,
    lat: 25.2875,
    lng: 55.4651,
    image: true,
    title: {
      en: "Sharjah Performing Arts Academy",
      ru: "Академия исполнительских искусств Шарджи",
      ar: "أكاديمية الشارقة للفنون الأدائية",
    },
    address: { en: "University City, Sharjah", ru: "Университетский городок, Шарджа", ar: "المدينة الجامعية، الشارقة" },
    halls: [
      { en: "Grand theatre", ru: "Большая сцена", ar: "المسرح الكبير" },
      { en: "Black box", ru: "Малая сцена", ar: "المسرح التجريبي" },
    ],
    about: {
      en: "A drama school with two stages where students and touring companies perform.",
      ru: "Театральная школа с двумя сценами, где играют студенты и приглашённые труппы.",
      ar: "مدرسة مسرحية بمسرحين يقدم عليهما الطلاب والفرق الزائرة عروضهم.",
    },
  },
  {
    id: 20,
    location: 3,
    lat: 25.3323,
    lng: 55.4217,
    image: true,
    title: { en: "Sharjah Cricket Stadium", ru: "Крикетный стадион Шарджи", ar: "ملعب الشارقة للكريكيت" },
    address: {
      en: "Al Quds St, Samnan, Sharjah",
      ru: "улица Аль-Кудс, Самнан, Шарджа",
      ar: "شارع القدس، سمنان، الشارقة",
    },
    halls: [{ en: "Pavilion end", ru: "Трибуна павильона", ar: "مدرج الجناح" }],
    about: {
      en: "The ground that has hosted more one-day internationals than any other in the world.",
      ru: "Стадион, принявший больше международных однодневных матчей, чем любой другой в мире.",
      ar: "الملعب الذي استضاف مباريات دولية ليوم واحد أكثر من أي ملعب آخر في العالم.",
    },
  },
  {
    id: 21,
    location: 3,
    lat: 25.324,
    lng: 55.376,
    image: true,
    title: { en: "Al Qasba", ru: "Аль-Касба", ar: "القصباء" },
    address: {
      en: "Al Khan, Al Qasba Canal, Sharjah",
      ru: "Аль-Хан, канал Аль-Касба, Шарджа",
      ar: "الخان، قناة القصباء، الشارقة",
    },
    halls: [{ en: "Qasba Theatre", ru: "Театр Касба", ar: "مسرح القصباء" }],
    about: {
      en: "A canal-side promenade with a 270-seat theatre and the Eye of the Emirates wheel.",
      ru: "Прогулочная набережная у канала с театром на 270 мест и колесом обозрения «Глаз Эмиратов».",
      ar: "ممشى على ضفاف القناة فيه مسرح من مئتين وسبعين مقعدًا وعجلة عين الإمارات.",
    },
  },
  {
    id: 22,
    location: 4,
    lat: 25.665,
    lng: 55.747,
    image: true,
    title: {
      en: "Al Marjan Island Beach Arena",
      ru: "Пляжная арена острова Аль-Марджан",
      ar: "ساحة شاطئ جزيرة المرجان",
    },
    address: {
      en: "Al Marjan Island, Ras Al Khaimah",
      ru: "остров Аль-Марджан, Рас-эль-Хайма",
      ar: "جزيرة المرجان، رأس الخيمة",
    },
    halls: [],
    about: {
      en: "A temporary beach arena that hosts the New Year fireworks and winter concerts.",
      ru: "Временная пляжная арена: новогодний фейерверк и зимние концерты.",
      ar: "ساحة شاطئية مؤقتة تستضيف ألعاب رأس السنة النارية وحفلات الشتاء.",
    },
  },
  {
    id: 23,
    location: 4,
    lat: 25.944,
    lng: 56.13,
    image: false,
    title: { en: "Jebel Jais Summit Park", ru: "Парк на вершине Джебель-Джайс", ar: "منتزه قمة جبل جيس" },
    address: {
      en: "Jebel Jais Rd, Ras Al Khaimah",
      ru: "дорога Джебель-Джайс, Рас-эль-Хайма",
      ar: "طريق جبل جيس، رأس الخيمة",
    },
    halls: [],
    about: {
      en: "The country's highest peak, 1,934 m above the sea, with a viewing deck and open-air stage.",
      ru: "Самая высокая вершина страны, 1 934 м над уровнем моря: смотровая площадка и открытая сцена.",
      ar: "أعلى قمة في الدولة على ارتفاع 1934 مترًا، فيها منصة مشاهدة ومسرح مفتوح.",
    },
  },
  {
    id: 24,
    location: 5,
    lat: 25.4111,
    lng: 55.435,
    image: true,
    title: { en: "Ajman Cultural Centre", ru: "Культурный центр Аджмана", ar: "مركز عجمان الثقافي" },
    address: {
      en: "Sheikh Rashid bin Abdulaziz St, Al Jurf, Ajman",
      ru: "улица Шейха Рашида бин Абдулазиза, Аль-Джурф, Аджман",
      ar: "شارع الشيخ راشد بن عبدالعزيز، الجرف، عجمان",
    },
    halls: [MAIN],
    about: {
      en: "The emirate's arts centre, with a 600-seat hall for concerts, poetry evenings and plays.",
      ru: "Центр искусств эмирата с залом на 600 мест: концерты, поэтические вечера и спектакли.",
      ar: "مركز الفنون في الإمارة، بقاعة تضم ستمئة مقعد للحفلات والأمسيات الشعرية والمسرحيات.",
    },
  },
  {
    id: 25,
    location: 6,
    lat: 25.131,
    lng: 56.341,
    image: true,
    title: { en: "Fujairah Fort Grounds", ru: "Территория крепости Фуджейры", ar: "ساحة قلعة الفجيرة" },
    address: {
      en: "Fujairah Heritage Village, Fujairah",
      ru: "Деревня наследия, Фуджейра",
      ar: "قرية الفجيرة التراثية، الفجيرة",
    },
    halls: [],
    about: {
      en: "The lawns below the 16th-century fort, lit up for the winter festival season.",
      ru: "Лужайки у крепости XVI века, которые зимой превращаются в фестивальную площадку.",
      ar: "المروج أسفل القلعة التي تعود إلى القرن السادس عشر، تتزين في موسم المهرجانات الشتوية.",
    },
  },
  {
    id: 26,
    location: 6,
    lat: 25.123,
    lng: 56.336,
    image: false,
    title: { en: "Fujairah Exhibition Centre", ru: "Выставочный центр Фуджейры", ar: "مركز الفجيرة للمعارض" },
    address: {
      en: "Hamad bin Abdullah Rd, Fujairah",
      ru: "улица Хамада бин Абдуллы, Фуджейра",
      ar: "شارع حمد بن عبدالله، الفجيرة",
    },
    halls: [{ en: "Hall A", ru: "Зал A", ar: "القاعة أ" }],
    about: {
      en: "The east coast's exhibition and events hall.",
      ru: "Выставочный и концертный зал восточного побережья.",
      ar: "قاعة المعارض والفعاليات على الساحل الشرقي.",
    },
  },
  {
    id: 27,
    location: 7,
    lat: 24.245,
    lng: 55.717,
    image: true,
    title: { en: "Hazza bin Zayed Stadium", ru: "Стадион «Хазза бин Зайед»", ar: "استاد هزاع بن زايد" },
    address: { en: "Al Towayya, Al Ain", ru: "Ат-Тувайя, Эль-Айн", ar: "الطوية، العين" },
    halls: [{ en: "Main stand", ru: "Главная трибуна", ar: "المدرج الرئيسي" }],
    about: {
      en: "A 25,000-seat football stadium shaped like a palm trunk, home of Al Ain FC.",
      ru: "Футбольный стадион на 25 000 мест, напоминающий ствол пальмы, — домашняя арена клуба «Аль-Айн».",
      ar: "استاد كرة قدم يتسع لخمسة وعشرين ألف متفرج ومصمم على شكل جذع النخلة، وهو ملعب نادي العين.",
    },
  },
  {
    id: 28,
    location: 2,
    lat: 24.5298,
    lng: 54.4339,
    image: true,
    title: { en: "Abu Dhabi Corniche Stage", ru: "Сцена на Корнише Абу-Даби", ar: "مسرح كورنيش أبوظبي" },
    address: {
      en: "Corniche Rd West, Al Khalidiyah, Abu Dhabi",
      ru: "Западный Корниш, Аль-Халидия, Абу-Даби",
      ar: "شارع الكورنيش الغربي، الخالدية، أبوظبي",
    },
    halls: [],
    about: {
      en: "An open-air stage on the seafront promenade, used for free and ticketed festival nights.",
      ru: "Открытая сцена на морской набережной для фестивальных вечеров.",
      ar: "مسرح مفتوح على الكورنيش البحري لأمسيات المهرجانات.",
    },
  },
];

export interface PersonSeed {
  id: number;
  title: Tr;
  about: Tr;
  image: boolean;
}

export const PERSONS: PersonSeed[] = [
  {
    id: 1,
    image: true,
    title: { en: "Layla Haddad", ru: "Лейла Хаддад", ar: "ليلى حداد" },
    about: {
      en: "A Lebanese-Emirati singer and oud player whose songs mix classical tarab with soft jazz.",
      ru: "Ливано-эмиратская певица и исполнительница на уде: классический тараб в её песнях встречается с мягким джазом.",
      ar: "مغنية وعازفة عود لبنانية إماراتية تمزج أغانيها بين الطرب الأصيل والجاز الهادئ.",
    },
  },
  {
    id: 2,
    image: true,
    title: { en: "The Desert Echoes", ru: "The Desert Echoes", ar: "فرقة ديزرت إيكوز" },
    about: {
      en: "A four-piece rock band from Dubai, known for loud guitars and singalong choruses.",
      ru: "Рок-квартет из Дубая: громкие гитары и припевы, которые поёт весь зал.",
      ar: "فرقة روك رباعية من دبي تشتهر بالغيتارات الصاخبة واللوازم التي يرددها الجمهور.",
    },
  },
  {
    id: 3,
    image: true,
    title: { en: "Omar Al Mansoori", ru: "Омар аль-Мансури", ar: "عمر المنصوري" },
    about: {
      en: "An Emirati stand-up comedian who jokes about family, traffic on Sheikh Zayed Road and growing up between two languages.",
      ru: "Эмиратский стендап-комик: шутит о семье, пробках на шоссе Шейха Зайда и о том, как расти между двумя языками.",
      ar: "كوميدي إماراتي يسخر من شؤون العائلة وزحمة شارع الشيخ زايد والنشأة بين لغتين.",
    },
  },
  {
    id: 4,
    image: true,
    title: { en: "Anna Volkova", ru: "Анна Волкова", ar: "آنا فولكوفا" },
    about: {
      en: "A Russian pianist, prize-winner of international competitions, celebrated for her Rachmaninoff.",
      ru: "Российская пианистка, лауреат международных конкурсов, особенно любимая публикой за Рахманинова.",
      ar: "عازفة بيانو روسية حائزة جوائز مسابقات دولية، يحتفي بها الجمهور خاصة في أعمال رحمانينوف.",
    },
  },
  {
    id: 5,
    image: true,
    title: { en: "Marco Bellini", ru: "Марко Беллини", ar: "ماركو بيليني" },
    about: {
      en: "An Italian tenor who has sung Puccini and Verdi on the great opera stages of Europe.",
      ru: "Итальянский тенор, певший Пуччини и Верди на главных оперных сценах Европы.",
      ar: "مغني تينور إيطالي أدى أعمال بوتشيني وفيردي على كبرى مسارح الأوبرا في أوروبا.",
    },
  },
  {
    id: 6,
    image: true,
    title: { en: "DJ Nova Rae", ru: "DJ Nova Rae", ar: "دي جي نوفا راي" },
    about: {
      en: "A house and melodic techno DJ who plays long sunset-to-sunrise sets.",
      ru: "Диджей, играющая хаус и мелодичное техно: длинные сеты от заката до рассвета.",
      ar: "منسقة موسيقى هاوس وتكنو لحنية تقدم عروضًا طويلة من الغروب حتى الشروق.",
    },
  },
  {
    id: 7,
    image: true,
    title: { en: "Sami Khalil", ru: "Сами Халиль", ar: "سامي خليل" },
    about: {
      en: "A Jordanian comedian performing in Arabic and English, famous for his crowd work.",
      ru: "Иорданский комик, выступающий на арабском и английском; славится импровизацией с залом.",
      ar: "كوميدي أردني يقدم عروضه بالعربية والإنجليزية، ويشتهر بتفاعله العفوي مع الجمهور.",
    },
  },
  {
    id: 8,
    image: true,
    title: {
      en: "Gulf Philharmonic Orchestra",
      ru: "Филармонический оркестр Залива",
      ar: "أوركسترا الخليج الفيلهارمونية",
    },
    about: {
      en: "A symphony orchestra of seventy musicians from twenty countries, based in the UAE.",
      ru: "Симфонический оркестр из семидесяти музыкантов из двадцати стран, базирующийся в ОАЭ.",
      ar: "أوركسترا سيمفونية تضم سبعين موسيقيًا من عشرين دولة، مقرها الإمارات.",
    },
  },
  {
    id: 9,
    image: false,
    title: { en: "Hessa Al Qasimi", ru: "Хесса аль-Касими", ar: "حصة القاسمي" },
    about: {
      en: "A poet and storyteller who performs Nabati poetry with live percussion.",
      ru: "Поэтесса и сказительница, читающая стихи набати под живую перкуссию.",
      ar: "شاعرة وحكواتية تلقي الشعر النبطي على إيقاع حي.",
    },
  },
  {
    id: 10,
    image: true,
    title: { en: "Dmitry Orlov", ru: "Дмитрий Орлов", ar: "دميتري أورلوف" },
    about: {
      en: "A Russian stand-up comedian touring the Gulf with stories about expat life.",
      ru: "Российский стендап-комик, гастролирующий по Заливу с историями о жизни экспатов.",
      ar: "كوميدي روسي يجول في الخليج بقصص عن حياة المغتربين.",
    },
  },
  {
    id: 11,
    image: true,
    title: { en: "Sofia Reyes", ru: "София Рейес", ar: "صوفيا رييس" },
    about: {
      en: "A flamenco dancer from Seville who leads her own company of dancers and guitarists.",
      ru: "Танцовщица фламенко из Севильи, возглавляющая собственную труппу танцоров и гитаристов.",
      ar: "راقصة فلامنكو من إشبيلية تقود فرقتها الخاصة من الراقصين وعازفي الغيتار.",
    },
  },
  {
    id: 12,
    image: true,
    title: { en: "Karim Nassar", ru: "Карим Нассар", ar: "كريم نصار" },
    about: {
      en: "An illusionist whose family shows combine close-up magic with large stage tricks.",
      ru: "Иллюзионист, в чьих семейных шоу фокусы вблизи сочетаются с большими сценическими трюками.",
      ar: "ساحر تجمع عروضه العائلية بين الخدع القريبة والخدع المسرحية الكبيرة.",
    },
  },
  {
    id: 13,
    image: true,
    title: { en: "Maya Chen", ru: "Майя Чен", ar: "مايا تشين" },
    about: {
      en: "A violinist who plays everything from Bach partitas to film scores.",
      ru: "Скрипачка, играющая всё — от партит Баха до музыки из фильмов.",
      ar: "عازفة كمان تعزف كل شيء من بارتيتات باخ إلى موسيقى الأفلام.",
    },
  },
  {
    id: 14,
    image: false,
    title: { en: "Noor Ensemble", ru: "Ансамбль «Нур»", ar: "فرقة نور" },
    about: {
      en: "A choir and percussion ensemble performing traditional Emirati songs and sea shanties.",
      ru: "Хор и ансамбль ударных, исполняющий традиционные эмиратские песни и песни ловцов жемчуга.",
      ar: "فرقة إنشاد وإيقاع تؤدي الأغاني الإماراتية التراثية وأهازيج البحر.",
    },
  },
  {
    id: 15,
    image: true,
    title: { en: "James Whitfield", ru: "Джеймс Уитфилд", ar: "جيمس ويتفيلد" },
    about: {
      en: "A British comedian whose deadpan shows about moving to the desert sell out every winter.",
      ru: "Британский комик с невозмутимым юмором: его шоу о переезде в пустыню каждую зиму собирают аншлаги.",
      ar: "كوميدي بريطاني تنفد تذاكر عروضه الساخرة عن الانتقال إلى الصحراء كل شتاء.",
    },
  },
];

export const CATEGORY_TYPES: Array<[number, Tr]> = [
  [1, { en: "Concerts", ru: "Концерты", ar: "حفلات موسيقية" }],
  [2, { en: "Stand-up", ru: "Стендап", ar: "ستاند أب كوميدي" }],
  [3, { en: "Theatre", ru: "Театр", ar: "مسرح" }],
  [4, { en: "Sport", ru: "Спорт", ar: "رياضة" }],
  [5, { en: "Family", ru: "Для всей семьи", ar: "للعائلة" }],
  [6, { en: "Festivals", ru: "Фестивали", ar: "مهرجانات" }],
];

export const CATEGORIES: Array<[number, number, Tr]> = [
  [1, 1, { en: "Pop and rock", ru: "Поп и рок", ar: "بوب وروك" }],
  [2, 1, { en: "Classical music", ru: "Классическая музыка", ar: "موسيقى كلاسيكية" }],
  [3, 1, { en: "Arabic music", ru: "Арабская музыка", ar: "موسيقى عربية" }],
  [4, 1, { en: "Electronic", ru: "Электронная музыка", ar: "موسيقى إلكترونية" }],
  [5, 2, { en: "Stand-up comedy", ru: "Стендап-комедия", ar: "عروض كوميدية" }],
  [6, 3, { en: "Drama", ru: "Драма", ar: "دراما" }],
  [7, 3, { en: "Musicals", ru: "Мюзиклы", ar: "مسرحيات موسيقية" }],
  [8, 3, { en: "Ballet and dance", ru: "Балет и танец", ar: "باليه ورقص" }],
  [9, 4, { en: "Motorsport", ru: "Автоспорт", ar: "رياضة السيارات" }],
  [10, 4, { en: "Football", ru: "Футбол", ar: "كرة القدم" }],
  [11, 4, { en: "Tennis", ru: "Теннис", ar: "التنس" }],
  [12, 4, { en: "Cricket", ru: "Крикет", ar: "الكريكيت" }],
  [13, 5, { en: "Kids' shows", ru: "Детские спектакли", ar: "عروض الأطفال" }],
  [14, 5, { en: "Magic and circus", ru: "Фокусы и цирк", ar: "السحر والسيرك" }],
  [15, 6, { en: "Music festivals", ru: "Музыкальные фестивали", ar: "مهرجانات موسيقية" }],
  [16, 6, { en: "Food and culture", ru: "Еда и культура", ar: "الطعام والثقافة" }],
];

export const STAR_CAST_LABEL = 3;
export const LABELS: Array<[number, Tr]> = [
  [1, { en: "Premiere", ru: "Премьера", ar: "عرض أول" }],
  [2, { en: "Last tickets", ru: "Последние билеты", ar: "آخر التذاكر" }],
  [3, { en: "Star cast", ru: "Звёздный состав", ar: "نخبة النجوم" }],
  [4, { en: "Family friendly", ru: "Для семейного просмотра", ar: "مناسب للعائلة" }],
];

export interface CurrencySeed {
  code: string;
  symbol: string;
  title: Tr;
  decimals: number;
  /** fixed rate: 1 AED = rate units of this currency */
  rate: number;
}

export const CURRENCIES: CurrencySeed[] = [
  {
    code: "AED",
    symbol: "د.إ",
    title: { en: "UAE dirham", ru: "Дирхам ОАЭ", ar: "درهم إماراتي" },
    decimals: 2,
    rate: 1,
  },
  {
    code: "USD",
    symbol: "$",
    title: { en: "US dollar", ru: "Доллар США", ar: "دولار أمريكي" },
    decimals: 2,
    rate: 0.2723,
  },
  { code: "EUR", symbol: "€", title: { en: "Euro", ru: "Евро", ar: "يورو" }, decimals: 2, rate: 0.2519 },
  {
    code: "RUB",
    symbol: "₽",
    title: { en: "Russian rouble", ru: "Российский рубль", ar: "روبل روسي" },
    decimals: 2,
    rate: 21.9,
  },
];

export interface AcquisitionSeed {
  id: number;
  type: "card" | "apple_pay" | "google_pay" | "bank_transfer" | "cash";
  title: Tr;
  currencies: string[];
  fee: number;
  description: Tr;
}

export const ACQUISITIONS: AcquisitionSeed[] = [
  {
    id: 1,
    type: "card",
    currencies: ["AED", "USD", "EUR", "RUB"],
    fee: 0,
    title: { en: "Bank card", ru: "Банковская карта", ar: "بطاقة مصرفية" },
    description: {
      en: "Visa, Mastercard and UnionPay. Your e-tickets arrive by email as soon as the payment goes through.",
      ru: "Visa, Mastercard и UnionPay. Электронные билеты придут на почту сразу после оплаты.",
      ar: "فيزا وماستركارد ويونيون باي. تصلك التذاكر الإلكترونية بالبريد الإلكتروني فور إتمام الدفع.",
    },
  },
  {
    id: 2,
    type: "apple_pay",
    currencies: ["AED", "USD", "EUR"],
    fee: 0,
    title: { en: "Apple Pay", ru: "Apple Pay", ar: "Apple Pay" },
    description: {
      en: "Pay with Face ID or Touch ID on your iPhone, iPad or Mac.",
      ru: "Оплата через Face ID или Touch ID на iPhone, iPad или Mac.",
      ar: "ادفع باستخدام Face ID أو Touch ID على iPhone أو iPad أو Mac.",
    },
  },
  {
    id: 3,
    type: "bank_transfer",
    currencies: ["AED", "USD", "EUR"],
    fee: 0,
    title: { en: "Bank transfer", ru: "Банковский перевод", ar: "تحويل مصرفي" },
    description: {
      en: "For companies and group bookings. We email an invoice; tickets are issued once the money arrives, usually within two working days.",
      ru: "Для компаний и групп. Мы пришлём счёт на почту; билеты выпускаются после поступления денег, обычно в течение двух рабочих дней.",
      ar: "للشركات والحجوزات الجماعية. نرسل الفاتورة بالبريد الإلكتروني، وتصدر التذاكر عند وصول المبلغ، عادةً خلال يومي عمل.",
    },
  },
  {
    id: 4,
    type: "cash",
    currencies: ["AED"],
    fee: 2.5,
    title: { en: "Cash at the box office", ru: "Наличными в кассе", ar: "نقدًا في شباك التذاكر" },
    description: {
      en: "Pay in dirhams at the venue box office within 48 hours, or the tickets are released. A 2.5 % cash handling fee is added.",
      ru: "Оплатите в дирхамах в кассе площадки в течение 48 часов, иначе бронь снимается. Добавляется сбор 2,5 % за приём наличных.",
      ar: "ادفع بالدرهم في شباك تذاكر المكان خلال 48 ساعة، وإلا يُلغى الحجز. تُضاف رسوم بنسبة 2.5٪ مقابل الدفع النقدي.",
    },
  },
];

/** Ticket categories offered by events of each kind: title, price in AED, seats. */
export type TierKind = "arena" | "theatre" | "comedy" | "sport" | "family" | "festival" | "club" | "free";
export const TIERS: Record<TierKind, Array<[Tr, number, number]>> = {
  arena: [
    [{ en: "General admission", ru: "Танцпол", ar: "دخول عام" }, 195, 400],
    [{ en: "Gold circle", ru: "Золотой круг", ar: "الدائرة الذهبية" }, 395, 150],
    [{ en: "VIP lounge", ru: "VIP-ложа", ar: "صالة كبار الزوار" }, 950, 30],
  ],
  theatre: [
    [{ en: "Balcony", ru: "Балкон", ar: "الشرفة" }, 150, 120],
    [{ en: "Stalls", ru: "Партер", ar: "الصالة" }, 295, 200],
    [{ en: "Box", ru: "Ложа", ar: "المقصورة" }, 650, 16],
  ],
  comedy: [
    [{ en: "Standard", ru: "Стандарт", ar: "عادي" }, 150, 180],
    [{ en: "Front rows", ru: "Первые ряды", ar: "الصفوف الأمامية" }, 250, 40],
  ],
  sport: [
    [{ en: "Grandstand", ru: "Трибуна", ar: "المدرج" }, 120, 800],
    [{ en: "Premium seat", ru: "Премиум-место", ar: "مقعد مميز" }, 450, 120],
    [{ en: "Hospitality", ru: "Гостевая зона", ar: "الضيافة" }, 1500, 20],
  ],
  family: [
    [{ en: "Child (3-12)", ru: "Детский (3–12 лет)", ar: "طفل (3-12 سنة)" }, 75, 200],
    [{ en: "Adult", ru: "Взрослый", ar: "بالغ" }, 95, 200],
    [{ en: "Family of four", ru: "Семейный на четверых", ar: "عائلة من أربعة" }, 300, 40],
  ],
  festival: [
    [{ en: "Day pass", ru: "Билет на день", ar: "تذكرة يوم" }, 225, 1000],
    [{ en: "Weekend pass", ru: "Абонемент на выходные", ar: "تذكرة نهاية الأسبوع" }, 395, 500],
    [{ en: "VIP pass", ru: "VIP-абонемент", ar: "تذكرة كبار الزوار" }, 895, 60],
  ],
  club: [
    [{ en: "Early bird", ru: "Ранняя пташка", ar: "الحجز المبكر" }, 95, 60],
    [{ en: "Standing", ru: "Танцпол", ar: "وقوف" }, 140, 300],
  ],
  free: [[{ en: "Free registration", ru: "Бесплатная регистрация", ar: "تسجيل مجاني" }, 0, 300]],
};
