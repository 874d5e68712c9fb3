/**
 * Name material: person names by culture, company and investor name parts, real universities and
 * public funding bodies (used first, synthetic names beyond them), news outlets.
 */

export interface Culture {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
}

const w = (s: string) => s.split(' ').map((x) => x.replace(/_/g, ' '));

export const CULTURES: Record<string, Culture> = {
  anglo: {
    male: w('James John Michael David Daniel Matthew Andrew Ryan Chris Kevin Brian Jason Eric Tom Sam Ben Nathan Alex Jack Oliver Ethan Noah Liam Patrick'),
    female: w('Emily Sarah Jessica Ashley Emma Olivia Hannah Rachel Lauren Megan Amy Laura Kate Sophie Grace Chloe Lucy Amanda Julia Claire Natalie Rebecca'),
    last: w('Smith Johnson Williams Brown Jones Miller Davis Wilson Taylor Anderson Thomas Moore Martin Thompson White Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker Adams Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook Rogers Bennett Hughes'),
  },
  german: {
    male: w('Lukas Jonas Felix Maximilian Leon Paul Tobias Florian Sebastian Jan Niklas Moritz Julian Philipp Stefan Markus Alexander Christian Matthias Daniel'),
    female: w('Anna Lena Laura Julia Sarah Lisa Katharina Johanna Sophie Marie Hannah Lea Clara Miriam Franziska Theresa Carolin Nina'),
    last: w('Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder Neumann Schwarz Braun Zimmermann Hartmann Krüger Lange Werner Vogel Keller Frank Berger Huber'),
  },
  french: {
    male: w('Thomas Nicolas Julien Antoine Pierre Maxime Alexandre Guillaume Hugo Louis Mathieu Romain Clément Vincent Arthur Paul Adrien Quentin'),
    female: w('Camille Marie Chloé Léa Manon Sarah Julie Pauline Claire Inès Lucie Mathilde Charlotte Élise Anaïs Margaux Juliette'),
    last: w('Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard Bonnet Dupont Lambert Fontaine Rousseau Mercier'),
  },
  dutch: {
    male: w('Daan Sem Lars Thijs Bram Ruben Jeroen Pieter Joost Maarten Sander Wouter Koen Niels Stijn Tim'),
    female: w('Emma Sophie Julia Anouk Lotte Fleur Sanne Eva Iris Lisa Femke Marloes Noor Roos'),
    last: w('de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer de_Boer Mulder de_Groot Bos Vos Peters Hendriks Dekker Peeters Maes Claes Willems'),
  },
  nordic: {
    male: w('Erik Lars Anders Johan Mikael Oskar Emil Magnus Henrik Jonas Mattias Niklas Kasper Mads Rasmus Jukka Mikko Ville Olli'),
    female: w('Anna Emma Sara Ida Maja Elin Karin Sofia Linnea Freja Ingrid Nora Astrid Laura Aino Sanna Liis'),
    last: w('Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsen Hansen Jensen Nielsen Pedersen Berg Lindqvist Virtanen Korhonen Nieminen Mäkinen Lindberg Holm Dahl Tamm Saar'),
  },
  hispanic: {
    male: w('Alejandro Carlos Diego Javier Miguel Pablo Sergio Andrés Juan Luis Mateo Santiago Daniel Fernando Gabriel Ricardo Martín Tomás'),
    female: w('María Lucía Sofía Valentina Camila Isabel Carmen Ana Laura Paula Elena Daniela Gabriela Mariana Natalia Victoria'),
    last: w('García Rodríguez Martínez López González Hernández Pérez Sánchez Ramírez Torres Flores Rivera Gómez Díaz Morales Ortiz Castro Romero Vargas Ruiz Jiménez Moreno Álvarez Mendoza Silva Rojas'),
  },
  lusophone: {
    male: w('João Pedro Lucas Gabriel Rafael Mateus Gustavo Felipe Bruno Thiago Rodrigo Tiago Miguel André Diogo Eduardo'),
    female: w('Ana Beatriz Mariana Júlia Larissa Camila Fernanda Letícia Inês Carolina Gabriela Rita Sofia Patrícia'),
    last: w('Silva Santos Oliveira Souza Pereira Costa Ferreira Rodrigues Almeida Nascimento Lima Carvalho Gomes Martins Araújo Ribeiro Barbosa Rocha Teixeira Mendes'),
  },
  italian: {
    male: w('Marco Luca Alessandro Andrea Matteo Francesco Lorenzo Davide Giorgio Simone Riccardo Stefano Federico Paolo'),
    female: w('Giulia Francesca Chiara Sara Martina Alessia Elena Valentina Federica Silvia Giorgia Beatrice'),
    last: w('Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De_Luca Costa Giordano Mancini Rizzo Lombardi Moretti'),
  },
  greek: {
    male: w('Georgios Dimitrios Konstantinos Nikolaos Ioannis Alexandros Christos Panagiotis'),
    female: w('Maria Eleni Katerina Sofia Despina Ioanna Georgia Anastasia'),
    last: w('Papadopoulos Papadakis Georgiou Dimitriou Nikolaidis Konstantinou Ioannou Vlachos Pappas Karagiannis'),
  },
  slavic: {
    male: w('Jakub Tomasz Piotr Michał Jan Martin Petr Ondřej Andrei Mihai Ivan Dmitro Oleksandr Nikola Marko Luka Bence Gábor Aleksandr Mantas'),
    female: w('Anna Katarzyna Agnieszka Tereza Petra Ana Ioana Elena Olena Iryna Milica Jelena Zsófia Eszter Daria Marta'),
    last: w('Nowak Kowalski Wiśniewski Kowalczyk Novák Svoboda Dvořák Popescu Ionescu Shevchenko Kovalenko Horvat Jovanović Petrović Nagy Kovács Tóth Ivanov Petrov Kazlauskas Bērziņš'),
  },
  turkish: {
    male: w('Mehmet Mustafa Ahmet Ali Emre Burak Can Murat Kerem Arda'),
    female: w('Zeynep Elif Ayşe Fatma Merve Selin Deniz Ebru'),
    last: w('Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan'),
  },
  israeli: {
    male: w('Yossi Avi Noam Itai Omer Eyal Ariel Daniel Uri Amit Gal Roee'),
    female: w('Noa Tamar Maya Shira Yael Michal Adi Dana Roni Liat'),
    last: w('Cohen Levi Mizrahi Peretz Biton Friedman Katz Azoulay Shapiro Goldberg Ben-David Rosen Segal Avraham'),
  },
  arabic: {
    male: w('Mohammed Ahmed Omar Khalid Youssef Karim Ali Hassan Tarek Faisal Rami Nabil'),
    female: w('Fatima Layla Nour Sara Mariam Aisha Yasmin Rania Dina Hala'),
    last: w('Al-Sayed Haddad Mansour Khalil Nasser Hamdan Saleh Farouk El-Amin Aziz Qureshi Rahman Al-Farsi Bakr'),
  },
  indian: {
    male: w('Rahul Amit Arjun Vikram Rohan Aditya Karan Siddharth Nikhil Ankit Varun Abhishek Sanjay Pranav Kunal Ravi Imran Farhan'),
    female: w('Priya Ananya Neha Pooja Divya Shreya Kavya Aisha Riya Sneha Nisha Meera Ishita Tanvi'),
    last: w('Sharma Patel Gupta Singh Kumar Mehta Reddy Iyer Nair Rao Agarwal Joshi Kapoor Malhotra Desai Verma Chopra Bhatia Khan Ahmed Chowdhury Banerjee Menon'),
  },
  chinese: {
    male: w('Wei Jun Hao Lei Yang Jie Tao Chen Ming Bo Kai Jian Feng Yong Zhiwei Kelvin Jason'),
    female: w('Li Na Jing Fang Ying Xin Yan Hui Mei Lin Xiaoling Yue Ting Grace Vivian'),
    last: w('Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin He Gao Luo Tan Lim Ng Tan Chua Ong'),
  },
  japanese: {
    male: w('Haruto Yuto Sota Kenji Takeshi Hiroshi Daiki Ryo Kenta Shota Yuki Takumi'),
    female: w('Yui Aoi Hina Sakura Yuna Mei Ayaka Haruka Misaki Nanami Emi Rina'),
    last: w('Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada Sasaki Matsumoto Inoue Kimura'),
  },
  korean: {
    male: w('Min-jun Seo-jun Ji-ho Jun-seo Hyun-woo Dong-hyun Sung-min Jae-won Tae-yang Woo-jin'),
    female: w('Seo-yeon Ji-woo Ha-eun Min-seo Soo-ah Ji-min Yeon-woo Eun-ji Hye-jin Da-eun'),
    last: w('Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Shin Oh Seo'),
  },
  sea: {
    male: w('Budi Andi Rizky Agus Minh Huy Nam Somchai Anan Arif Hafiz Jose Mark Paolo'),
    female: w('Siti Dewi Putri Ayu Linh Trang Mai Suda Nurul Aina Maria Patricia Angela'),
    last: w('Santoso Wijaya Gunawan Halim Nguyen Tran Le Pham Wong Tan Lim Abdullah Rahman Reyes Cruz Bautista Santos'),
  },
  african: {
    male: w('Chinedu Emeka Oluwaseun Tunde Kwame Kofi Yaw Abdoulaye Moussa Brian Kevin Peter Eric Jean-Paul Samuel Tendai'),
    female: w('Ngozi Chiamaka Funmilayo Amara Ama Akosua Awa Fatou Wanjiru Achieng Aline Grace Faith Thandiwe'),
    last: w('Okafor Adeyemi Okonkwo Eze Balogun Mensah Boateng Asante Diop Ndiaye Sow Mwangi Otieno Kamau Uwimana Habimana Tesfaye Bekele Nkosi Dlamini'),
  },
};

/** Syllables of invented company names: a head and a tail make one word. */
export const NAME_HEADS = w(
  'Zen Nova Flux Vert Lumi Kora Aero Quant Sola Brio Cala Dyna Eco Fina Gala Hexa Inno Jolt Kine Lyra Mira Nexi Opti Pivo Qui Rava Sura Teco Uma Vela Wavi Xeno Yara Zeta Alto Bel Cir Del Eva Fyr Glo Helio Ira Juno Kai Lux Mono Nimbu Ora Pax Roam Sky Tera Uni Vivo Wren Zyn Astra Blu Cobal Dela Ember Fable Grain Halo Ivo Kest Loop Meri Nuvi Orbi Plex Rivo Spry Trove Vanta',
);
export const NAME_TAILS = w('ora ix io ly va nt ro sa ta na la wise ify ium os um ex on ar is en eo ia ica ara ent ix yo ble vo ra za');
/** Two-word names: an adjective or colour and a noun. */
export const NAME_ADJ = w('Blue Bright North Clear Silver Red Green Open True Swift Deep Bold Little Wild Iron Golden Quiet Solid Rapid Brave Smart Pure Grand Prime Stellar Urban Lunar Polar Amber Crimson');
export const NAME_NOUN = w('Harbor Forge Peak River Stone Field Bridge Leaf Wave Signal Path Orbit Arrow Cloud Lake Pine Spark Falcon Fox Owl Compass Beacon Canyon Ridge Delta Vector Pixel Atlas Summit Lantern');

/** Investor firm name parts. */
export const INVESTOR_WORDS = w('Accel Apex Alder Anchor Arbor Ascent Aurora Beacon Birch Bluestone Boulder Cardinal Cedar Citadel Cobalt Compass Crescent Crest Crown Dune Eastwind Ember Equinox Evergreen Fjord Foundry Frontier Glacier Granite Harbor Headland Highline Horizon Ironwood Juniper Keystone Kinetic Lakeside Lighthouse Longview Maple Meridian Monarch Northstar Oakridge Obsidian Octave Orchard Outpost Pinnacle Prairie Quarry Redwood Ridgeline Riverside Sagebrush Sequence Sierra Signal Silverline Skyline Starling Stonebridge Summit Sycamore Tidal Timberline Trailhead Triangle Union Vanguard Velocity Verdant Vista Westbridge Willow Windward Zenith');
export const INVESTOR_SUFFIX: Record<string, readonly string[]> = {
  venture_capital: ['Ventures', 'Capital', 'Partners', 'Venture Partners', 'VC'],
  micro_vc: ['Seed', 'Seed Fund', 'Ventures', 'Capital'],
  corporate_venture_capital: ['Corporate Ventures', 'Strategic Ventures', 'Ventures'],
  private_equity: ['Equity Partners', 'Capital Partners', 'Private Equity'],
  growth_equity: ['Growth', 'Growth Partners', 'Growth Equity'],
  accelerator: ['Accelerator', 'Labs', 'Launchpad', 'Studio'],
  angel_group: ['Angels', 'Angel Network', 'Business Angels'],
  family_office: ['Family Office', 'Holdings', 'Family Capital'],
  venture_debt: ['Credit', 'Venture Debt', 'Lending Partners'],
  sovereign_wealth_fund: ['Investment Authority', 'Sovereign Fund', 'National Investment Fund'],
};

/** Real universities: [name, city, country ISO-2, domain, founded year]. */
export const UNIVERSITIES: readonly [string, string, string, string, number][] = [
  ['Stanford University', 'Palo Alto', 'US', 'stanford.edu', 1885],
  ['Massachusetts Institute of Technology', 'Cambridge', 'US', 'mit.edu', 1861],
  ['University of Oxford', 'Oxford', 'GB', 'ox.ac.uk', 1096],
  ['ETH Zurich', 'Zurich', 'CH', 'ethz.ch', 1855],
  ['Indian Institute of Technology Bombay', 'Mumbai', 'IN', 'iitb.ac.in', 1958],
  ['Tsinghua University', 'Beijing', 'CN', 'tsinghua.edu.cn', 1911],
  ['National University of Singapore', 'Singapore', 'SG', 'nus.edu.sg', 1905],
  ['Technical University of Munich', 'Munich', 'DE', 'tum.de', 1868],
  ['University of Cambridge', 'Cambridge', 'GB', 'cam.ac.uk', 1209],
  ['Harvard University', 'Cambridge', 'US', 'harvard.edu', 1636],
  ['University of Toronto', 'Toronto', 'CA', 'utoronto.ca', 1827],
  ['Technion - Israel Institute of Technology', 'Haifa', 'IL', 'technion.ac.il', 1912],
  ['University of São Paulo', 'São Paulo', 'BR', 'usp.br', 1934],
  ['University of Cape Town', 'Cape Town', 'ZA', 'uct.ac.za', 1829],
  ['University of Melbourne', 'Melbourne', 'AU', 'unimelb.edu.au', 1853],
  ['University of California, Berkeley', 'Oakland', 'US', 'berkeley.edu', 1868],
  ['Carnegie Mellon University', 'Pittsburgh', 'US', 'cmu.edu', 1900],
  ['Imperial College London', 'London', 'GB', 'imperial.ac.uk', 1907],
  ['EPFL', 'Lausanne', 'CH', 'epfl.ch', 1969],
  ['University of Tokyo', 'Tokyo', 'JP', 'u-tokyo.ac.jp', 1877],
  ['Seoul National University', 'Seoul', 'KR', 'snu.ac.kr', 1946],
  ['Peking University', 'Beijing', 'CN', 'pku.edu.cn', 1898],
  ['Indian Institute of Science', 'Bengaluru', 'IN', 'iisc.ac.in', 1909],
  ['University of Waterloo', 'Waterloo', 'CA', 'uwaterloo.ca', 1957],
  ['Columbia University', 'New York', 'US', 'columbia.edu', 1754],
  ['New York University', 'New York', 'US', 'nyu.edu', 1831],
  ['University of Pennsylvania', 'Philadelphia', 'US', 'upenn.edu', 1740],
  ['Georgia Institute of Technology', 'Atlanta', 'US', 'gatech.edu', 1885],
  ['University of Texas at Austin', 'Austin', 'US', 'utexas.edu', 1883],
  ['University of Washington', 'Seattle', 'US', 'washington.edu', 1861],
  ['University of California, Los Angeles', 'Los Angeles', 'US', 'ucla.edu', 1919],
  ['London School of Economics', 'London', 'GB', 'lse.ac.uk', 1895],
  ['HEC Paris', 'Paris', 'FR', 'hec.edu', 1881],
  ['Sorbonne University', 'Paris', 'FR', 'sorbonne-universite.fr', 1257],
  ['KTH Royal Institute of Technology', 'Stockholm', 'SE', 'kth.se', 1827],
  ['Aalto University', 'Espoo', 'FI', 'aalto.fi', 2010],
  ['University of Amsterdam', 'Amsterdam', 'NL', 'uva.nl', 1632],
  ['Politecnico di Milano', 'Milan', 'IT', 'polimi.it', 1863],
  ['Bocconi University', 'Milan', 'IT', 'unibocconi.eu', 1902],
  ['IE University', 'Madrid', 'ES', 'ie.edu', 1973],
  ['Technical University of Berlin', 'Berlin', 'DE', 'tu.berlin', 1879],
  ['University of Copenhagen', 'Copenhagen', 'DK', 'ku.dk', 1479],
  ['University of Oslo', 'Oslo', 'NO', 'uio.no', 1811],
  ['Charles University', 'Prague', 'CZ', 'cuni.cz', 1348],
  ['University of Warsaw', 'Warsaw', 'PL', 'uw.edu.pl', 1816],
  ['Tel Aviv University', 'Tel Aviv', 'IL', 'tau.ac.il', 1956],
  ['University of Lagos', 'Lagos', 'NG', 'unilag.edu.ng', 1962],
  ['University of Nairobi', 'Nairobi', 'KE', 'uonbi.ac.ke', 1970],
  ['University of Buenos Aires', 'Buenos Aires', 'AR', 'uba.ar', 1821],
  ['University of New South Wales', 'Sydney', 'AU', 'unsw.edu.au', 1949],
  ['University of Auckland', 'Auckland', 'NZ', 'auckland.ac.nz', 1883],
  ['Trinity College Dublin', 'Dublin', 'IE', 'tcd.ie', 1592],
  ['McGill University', 'Montreal', 'CA', 'mcgill.ca', 1821],
  ['Tecnológico de Monterrey', 'Monterrey', 'MX', 'tec.mx', 1943],
];

export const UNIVERSITY_PATTERNS: readonly string[] = [
  'University of {city}', '{city} Institute of Technology', '{city} Technical University', '{last} University',
  '{city} School of Economics', '{city} Polytechnic', '{city} Business School', '{last} College', '{city} State University',
  '{last} Institute of Science', '{city} University of Applied Sciences', '{last} School of Management',
];

/** Real public funders and foundations: [name, city, country ISO-2, domain, kind (government | nonprofit)]. */
export const GOV_NGO: readonly [string, string, string, string, 'government' | 'nonprofit'][] = [
  ['European Innovation Council', 'Brussels', 'BE', 'eic.ec.europa.eu', 'government'],
  ['National Science Foundation', 'Washington', 'US', 'nsf.gov', 'government'],
  ['Innovate UK', 'London', 'GB', 'ukri.org', 'government'],
  ['Bpifrance', 'Paris', 'FR', 'bpifrance.fr', 'government'],
  ['Israel Innovation Authority', 'Jerusalem', 'IL', 'innovationisrael.org.il', 'government'],
  ['Enterprise Singapore', 'Singapore', 'SG', 'enterprisesg.gov.sg', 'government'],
  ['Business Finland', 'Helsinki', 'FI', 'businessfinland.fi', 'government'],
  ['Bill & Melinda Gates Foundation', 'Seattle', 'US', 'gatesfoundation.org', 'nonprofit'],
  ['Wellcome Trust', 'London', 'GB', 'wellcome.org', 'nonprofit'],
  ['Vinnova', 'Stockholm', 'SE', 'vinnova.se', 'government'],
  ['Innovation Norway', 'Oslo', 'NO', 'innovasjonnorge.no', 'government'],
  ['Enterprise Ireland', 'Dublin', 'IE', 'enterprise-ireland.com', 'government'],
  ['Japan Science and Technology Agency', 'Tokyo', 'JP', 'jst.go.jp', 'government'],
  ['ARPA-E', 'Washington', 'US', 'arpa-e.energy.gov', 'government'],
  ['FAPESP', 'São Paulo', 'BR', 'fapesp.br', 'government'],
  ['CORFO', 'Santiago', 'CL', 'corfo.cl', 'government'],
  ['Startup India', 'New Delhi', 'IN', 'startupindia.gov.in', 'government'],
  ['Innovation Fund Denmark', 'Copenhagen', 'DK', 'innovationsfonden.dk', 'government'],
  ['CDTI', 'Madrid', 'ES', 'cdti.es', 'government'],
  ['Tony Elumelu Foundation', 'Lagos', 'NG', 'tonyelumelufoundation.org', 'nonprofit'],
  ['Skoll Foundation', 'Palo Alto', 'US', 'skoll.org', 'nonprofit'],
  ['Mozilla Foundation', 'San Francisco', 'US', 'foundation.mozilla.org', 'nonprofit'],
  ['NRC Industrial Research Assistance Program', 'Ottawa', 'CA', 'nrc.canada.ca', 'government'],
  ['Austrian Research Promotion Agency', 'Vienna', 'AT', 'ffg.at', 'government'],
];

export const GOV_PATTERNS: readonly [string, 'government' | 'nonprofit'][] = [
  ['{country} Innovation Agency', 'government'], ['{city} Economic Development Agency', 'government'],
  ['{last} Foundation', 'nonprofit'], ['{country} Research Council', 'government'], ['{city} Innovation Fund', 'government'],
  ['{last} Family Foundation', 'nonprofit'], ['{country} Climate Fund', 'government'], ['{city} Chamber of Commerce', 'nonprofit'],
  ['{last} Institute for Social Impact', 'nonprofit'], ['{country} Export and Growth Agency', 'government'],
];

/** Fictional news outlets (reserved .example domains). */
export const OUTLETS: readonly [string, string][] = [
  ['Startup Wire', 'startupwire.example'], ['Venture Daily', 'venturedaily.example'], ['The Funding Brief', 'fundingbrief.example'],
  ['Capital Ledger', 'capitalledger.example'], ['Tech Chronicle', 'techchronicle.example'], ['Deal Street Journal', 'dealstreet.example'],
  ['Founders Gazette', 'foundersgazette.example'], ['Scaleup Times', 'scaleuptimes.example'], ['Press Release Hub', 'prhub.example'],
];
