/**
 * Static classification data: the taxonomy (six types), sector profiles that tie a sector to its
 * industry tags, technologies, name suffixes and product phrases, investor types and stages,
 * degrees, majors, job titles, headcount departments and landscapes.
 */

const list = (s: string) => s.split('|').map((x) => x.trim());

export const TAXONOMY: Record<string, readonly string[]> = {
  sector: list(
    'Fintech|Healthcare|Biotech|Enterprise Software|E-commerce|Marketplaces|Mobility|Energy|Climate Tech|Agritech|Proptech|Edtech|Media & Entertainment|Gaming|Cybersecurity|Logistics|Travel & Hospitality|Hardware|Semiconductors|Space|Legal Tech|HR Tech|Insurtech|Telecom|Manufacturing|Retail|Marketing & Advertising|Sports Tech|Fashion|Wellness & Fitness|GovTech|Web3 & Crypto|Food & Beverage',
  ),
  technology: list(
    'Artificial Intelligence|Machine Learning|Generative AI|Computer Vision|Natural Language Processing|Blockchain|Internet of Things|Cloud Infrastructure|Big Data|Robotics|Augmented Reality|Virtual Reality|Quantum Computing|3D Printing|Drones|Genomics|Synthetic Biology|Edge Computing|5G|Energy Storage|Autonomous Vehicles|Low-Code|APIs|Wearables|Satellite Technology|Nanotechnology|Biometrics',
  ),
  industry_tag: list(
    'Payments|Lending|Neobanking|Wealth Management|Crypto Exchange|Telemedicine|Digital Therapeutics|Medical Devices|Drug Discovery|Mental Health|Electric Vehicles|Solar|Hydrogen|Carbon Capture|Food Delivery|Grocery|Ride Hailing|Last-Mile Delivery|Supply Chain|Freight|Developer Tools|DevOps|Observability|Data Infrastructure|Customer Support|Sales Enablement|Marketing Automation|Recruiting|Payroll|Online Learning|Language Learning|Esports|Streaming|Creator Economy|Social Media|Dating|Smart Home|Construction Tech|Vertical Farming|Alternative Protein|Identity & Access|Cloud Security|Chip Design|Launch Services|Earth Observation',
  ),
  business_model: list(
    'SaaS|Marketplace|Platform|Hardware|Open Source|API-first|On-Demand|Peer-to-Peer|Direct-to-Consumer|Managed Services|Vertical SaaS|Aggregator|Deep Tech|Embedded Finance|Licensing Model',
  ),
  income_stream: list(
    'Subscription|Transaction Fees|Commission|Advertising|Licensing|Usage-Based|Hardware Sales|Freemium|Professional Services|Data Monetization|Interest Income|In-App Purchases|Sponsorship|Leasing|Royalties',
  ),
  client_focus: list(
    'B2B|B2C|B2B2C|B2G|SMB|Mid-Market|Enterprise|Developers|Consumers|Healthcare Providers|Financial Institutions|Retailers|Governments|Students|Creators',
  ),
};

export const TAXONOMY_TYPES = Object.keys(TAXONOMY);

export interface SectorProfile {
  name: string;
  weight: number;
  tags: readonly string[];
  tech: readonly string[];
  suffixes: readonly string[];
  products: readonly string[];
  clients: readonly string[];
  /** Likelihood of patents and grants. */
  deepTech: number;
}

const S = (name: string, weight: number, tags: string, tech: string, suffixes: string, products: string, clients: string, deepTech = 0.05): SectorProfile => ({
  name, weight, tags: list(tags), tech: list(tech), suffixes: list(suffixes), products: list(products), clients: list(clients), deepTech,
});

export const SECTORS: readonly SectorProfile[] = [
  S('Fintech', 14, 'Payments|Lending|Neobanking|Wealth Management|Payroll', 'Artificial Intelligence|APIs|Blockchain|Machine Learning', 'Pay|Finance|Money|Capital|Ledger|Bank', 'embedded payments infrastructure|small-business lending|expense management software|a mobile-first bank account|automated wealth management|real-time fraud detection', 'B2B|B2C|SMB|Financial Institutions|Consumers'),
  S('Healthcare', 10, 'Telemedicine|Mental Health|Digital Therapeutics|Medical Devices', 'Artificial Intelligence|Wearables|Machine Learning|Biometrics', 'Health|Care|Med|Clinic', 'virtual primary care|remote patient monitoring|AI-assisted diagnostics|mental health therapy online|clinical workflow automation', 'B2C|Healthcare Providers|Enterprise', 0.2),
  S('Biotech', 6, 'Drug Discovery|Digital Therapeutics', 'Genomics|Synthetic Biology|Machine Learning|Nanotechnology', 'Bio|Therapeutics|Genomics|Labs', 'AI-driven drug discovery|gene therapies for rare diseases|protein engineering|next-generation cell therapies|precision oncology', 'Healthcare Providers|Enterprise', 0.6),
  S('Enterprise Software', 14, 'Developer Tools|DevOps|Observability|Data Infrastructure|Customer Support|Sales Enablement', 'Cloud Infrastructure|Artificial Intelligence|Low-Code|APIs|Generative AI', 'Cloud|Data|Labs|Systems|Works|Stack', 'workflow automation|a data platform for analytics teams|observability for cloud applications|AI copilots for support teams|developer productivity tools|revenue intelligence', 'B2B|Enterprise|Mid-Market|Developers'),
  S('E-commerce', 7, 'Grocery|Supply Chain|Creator Economy', 'Artificial Intelligence|APIs|Augmented Reality', 'Shop|Cart|Store|Market', 'social commerce|headless commerce infrastructure|online grocery delivery|resale of pre-owned goods|checkout optimisation', 'B2C|Retailers|SMB|Consumers'),
  S('Marketplaces', 5, 'Recruiting|Freight|Food Delivery', 'APIs|Machine Learning', 'Hub|Market|Exchange|Connect', 'a marketplace for freelance talent|B2B wholesale ordering|home services booking|a rental marketplace for equipment', 'B2B|B2C|SMB'),
  S('Mobility', 4, 'Ride Hailing|Electric Vehicles|Last-Mile Delivery', 'Autonomous Vehicles|Internet of Things|Energy Storage', 'Mobility|Motors|Go|Ride', 'shared electric scooters|EV fleet management|autonomous delivery robots|charging network software', 'B2C|B2B|Governments', 0.15),
  S('Energy', 4, 'Solar|Hydrogen|Electric Vehicles', 'Energy Storage|Internet of Things|Edge Computing', 'Energy|Power|Grid|Volt', 'grid-scale battery storage|green hydrogen production|residential solar financing|virtual power plants', 'B2B|Enterprise|Consumers|Governments', 0.35),
  S('Climate Tech', 6, 'Carbon Capture|Solar|Hydrogen|Vertical Farming', 'Energy Storage|Synthetic Biology|Internet of Things|Machine Learning', 'Carbon|Climate|Earth|Green', 'direct air capture|carbon accounting software|low-carbon cement|methane monitoring from space', 'B2B|Enterprise|Governments', 0.35),
  S('Agritech', 2, 'Vertical Farming|Alternative Protein|Supply Chain', 'Drones|Internet of Things|Computer Vision', 'Agro|Farm|Harvest|Crop', 'precision agriculture analytics|indoor vertical farms|crop protection biologicals|farm-to-table supply chains', 'B2B|SMB', 0.25),
  S('Proptech', 3, 'Construction Tech|Smart Home', 'Internet of Things|Big Data|Augmented Reality', 'Homes|Estate|Spaces|Nest', 'property management software|digital mortgages|construction project management|smart building sensors', 'B2B|B2C|SMB'),
  S('Edtech', 4, 'Online Learning|Language Learning', 'Artificial Intelligence|Generative AI|Virtual Reality', 'Learn|Academy|School|Tutor', 'online tutoring|language learning apps|upskilling for enterprise teams|coding bootcamps', 'B2C|Students|Enterprise'),
  S('Media & Entertainment', 3, 'Streaming|Creator Economy|Social Media', 'Generative AI|Augmented Reality', 'Media|Studio|Stream|Play', 'a podcast platform|AI video editing|creator monetisation tools|short-form video', 'B2C|Creators|Consumers'),
  S('Gaming', 3, 'Esports|Streaming', 'Virtual Reality|Augmented Reality|Generative AI', 'Games|Play|Studios|Arcade', 'mobile strategy games|an esports tournament platform|game development tools|VR multiplayer experiences', 'B2C|Consumers|Developers'),
  S('Cybersecurity', 6, 'Identity & Access|Cloud Security', 'Artificial Intelligence|Cloud Infrastructure|Biometrics', 'Secure|Shield|Guard|Sec', 'cloud security posture management|passwordless identity|email threat protection|security operations automation', 'B2B|Enterprise|Mid-Market', 0.1),
  S('Logistics', 4, 'Freight|Last-Mile Delivery|Supply Chain', 'Internet of Things|Machine Learning|Robotics', 'Logistics|Freight|Ship|Route', 'digital freight forwarding|warehouse robotics|last-mile delivery software|supply chain visibility', 'B2B|Enterprise|SMB', 0.1),
  S('Travel & Hospitality', 2, 'Supply Chain', 'APIs|Machine Learning', 'Travel|Trip|Stay|Journey', 'corporate travel management|short-term rental management|hotel revenue software', 'B2B|B2C|Consumers'),
  S('Hardware', 3, 'Smart Home|Medical Devices', 'Internet of Things|Robotics|3D Printing|Wearables', 'Devices|Robotics|Labs|Works', 'consumer robots|smart home devices|industrial 3D printers|wearable health trackers', 'B2B|B2C|Consumers', 0.4),
  S('Semiconductors', 2, 'Chip Design', 'Edge Computing|Quantum Computing|Nanotechnology|5G', 'Silicon|Semi|Micro|Photonics', 'AI inference chips|silicon photonics|RISC-V processors|quantum processors', 'Enterprise|B2B', 0.7),
  S('Space', 1, 'Launch Services|Earth Observation', 'Satellite Technology|Robotics|Drones', 'Space|Orbital|Aerospace|Astro', 'small satellite launch|earth observation data|in-orbit servicing|satellite broadband', 'B2B|B2G|Governments', 0.6),
  S('Legal Tech', 1.5, 'Customer Support', 'Natural Language Processing|Generative AI', 'Legal|Law|Counsel|Clause', 'AI contract review|legal practice management|e-discovery', 'B2B|SMB|Enterprise'),
  S('HR Tech', 3, 'Recruiting|Payroll', 'Artificial Intelligence|APIs', 'People|Talent|Hire|Team', 'global payroll and compliance|AI recruiting|employee engagement|benefits administration', 'B2B|SMB|Mid-Market'),
  S('Insurtech', 2.5, 'Lending|Payments', 'Machine Learning|Big Data|APIs', 'Insure|Cover|Assure|Shield', 'embedded insurance|usage-based car insurance|cyber insurance for SMBs|claims automation', 'B2C|B2B2C|Financial Institutions'),
  S('Telecom', 1.5, 'Data Infrastructure', '5G|Edge Computing|Satellite Technology', 'Telecom|Net|Link|Wave', 'private 5G networks|eSIM connectivity|network automation', 'B2B|Enterprise|Consumers', 0.2),
  S('Manufacturing', 2, 'Supply Chain|Construction Tech', 'Robotics|3D Printing|Internet of Things|Computer Vision', 'Industries|Works|Fab|Forge', 'factory automation|quality inspection with computer vision|on-demand manufacturing', 'B2B|Enterprise', 0.35),
  S('Retail', 2, 'Grocery|Payments', 'Computer Vision|Machine Learning', 'Retail|Store|Shelf|Brands', 'cashierless checkout|retail analytics|inventory optimisation', 'Retailers|B2B|Consumers'),
  S('Marketing & Advertising', 3, 'Marketing Automation|Social Media|Creator Economy', 'Generative AI|Big Data|Machine Learning', 'Ads|Reach|Brand|Media', 'influencer marketing|programmatic advertising|AI content generation|customer data platforms', 'B2B|SMB|Creators'),
  S('Sports Tech', 1, 'Esports|Streaming', 'Wearables|Computer Vision', 'Sports|Athletics|Play|Fit', 'performance analytics for teams|sports betting infrastructure|fan engagement', 'B2B|B2C|Consumers'),
  S('Fashion', 1.5, 'Creator Economy|Supply Chain', 'Augmented Reality|3D Printing', 'Wear|Style|Threads|Atelier', 'sustainable apparel|virtual try-on|fashion resale', 'B2C|Consumers|Retailers'),
  S('Wellness & Fitness', 2, 'Mental Health|Dating', 'Wearables|Artificial Intelligence', 'Fit|Well|Calm|Vital', 'connected fitness|sleep coaching|meditation apps', 'B2C|Consumers'),
  S('GovTech', 1, 'Identity & Access|Data Infrastructure', 'Cloud Infrastructure|Big Data', 'Civic|Gov|Public|City', 'digital permitting|public procurement software|citizen identity', 'B2G|Governments'),
  S('Web3 & Crypto', 3, 'Crypto Exchange|Payments|Wealth Management', 'Blockchain|APIs', 'Chain|Protocol|DAO|Labs', 'crypto custody|a layer-2 scaling protocol|stablecoin payments|on-chain analytics', 'B2B|B2C|Developers', 0.1),
  S('Food & Beverage', 2, 'Alternative Protein|Food Delivery|Grocery', 'Synthetic Biology|Machine Learning', 'Foods|Kitchen|Eats|Brew', 'plant-based protein|cloud kitchens|fermentation-derived dairy', 'B2C|Consumers|Retailers', 0.2),
];

/** Investor types: [code, name]. */
export const INVESTOR_TYPES: readonly [string, string][] = [
  ['venture_capital', 'Venture Capital'],
  ['micro_vc', 'Micro VC'],
  ['corporate_venture_capital', 'Corporate Venture Capital'],
  ['private_equity', 'Private Equity'],
  ['growth_equity', 'Growth Equity'],
  ['accelerator', 'Accelerator'],
  ['angel_group', 'Angel Group'],
  ['angel', 'Angel Investor'],
  ['family_office', 'Family Office'],
  ['government', 'Government'],
  ['venture_debt', 'Venture Debt'],
  ['sovereign_wealth_fund', 'Sovereign Wealth Fund'],
];

/** Investment stages: [code, name]. */
export const STAGES: readonly [string, string][] = [
  ['pre_seed', 'Pre-Seed'],
  ['seed', 'Seed'],
  ['series_a', 'Series A'],
  ['series_b', 'Series B'],
  ['series_c', 'Series C'],
  ['late_stage', 'Late Stage'],
  ['growth', 'Growth'],
  ['debt', 'Debt'],
  ['grant', 'Grant'],
  ['secondary', 'Secondary'],
];

export const DEGREES = list(
  'Bachelor of Science|Bachelor of Arts|Bachelor of Engineering|Master of Science|Master of Arts|Master of Engineering|Master of Business Administration|Doctor of Philosophy|Doctor of Medicine|Juris Doctor|Associate Degree|Executive Education',
);

export const MAJORS = list(
  'Computer Science|Electrical Engineering|Mechanical Engineering|Economics|Finance|Business Administration|Mathematics|Physics|Chemistry|Biology|Biomedical Engineering|Statistics|Data Science|Industrial Engineering|Chemical Engineering|Civil Engineering|Psychology|Political Science|Law|Medicine|Design|Marketing|Philosophy|Aerospace Engineering|Materials Science|Neuroscience|Environmental Science|International Relations|Accounting|Operations Research',
);

/** Departments of jobs and headcount breakdowns with job titles and a salary level (1..3). */
export const DEPARTMENTS: readonly { name: string; share: number; titles: readonly [string, number][] }[] = [
  { name: 'Engineering', share: 34, titles: [['Software Engineer', 2], ['Senior Software Engineer', 3], ['Backend Engineer', 2], ['Frontend Engineer', 2], ['Staff Engineer', 3], ['Data Engineer', 2], ['Machine Learning Engineer', 3], ['DevOps Engineer', 2], ['Engineering Manager', 3], ['QA Engineer', 1]] },
  { name: 'Product', share: 8, titles: [['Product Manager', 2], ['Senior Product Manager', 3], ['Product Designer', 2], ['UX Researcher', 2]] },
  { name: 'Sales', share: 16, titles: [['Account Executive', 2], ['Sales Development Representative', 1], ['Enterprise Account Executive', 3], ['Sales Manager', 3]] },
  { name: 'Marketing', share: 8, titles: [['Growth Marketing Manager', 2], ['Content Marketing Manager', 2], ['Product Marketing Manager', 2], ['Marketing Coordinator', 1]] },
  { name: 'Customer Success', share: 10, titles: [['Customer Success Manager', 2], ['Support Specialist', 1], ['Solutions Engineer', 2]] },
  { name: 'Operations', share: 9, titles: [['Operations Manager', 2], ['Business Operations Analyst', 1], ['Supply Chain Manager', 2]] },
  { name: 'Finance', share: 5, titles: [['Financial Analyst', 1], ['Controller', 3], ['Accountant', 1]] },
  { name: 'People', share: 4, titles: [['Recruiter', 1], ['Talent Partner', 2], ['HR Business Partner', 2]] },
  { name: 'Legal', share: 2, titles: [['Legal Counsel', 3], ['Compliance Manager', 2]] },
  { name: 'Research', share: 4, titles: [['Research Scientist', 3], ['Research Engineer', 2], ['Lab Technician', 1]] },
];

/** Executive and operator titles at companies: [title, is_executive]. */
export const OPERATOR_TITLES: readonly [string, boolean][] = [
  ['Chief Technology Officer', true], ['Chief Operating Officer', true], ['Chief Financial Officer', true], ['Chief Product Officer', true],
  ['Chief Marketing Officer', true], ['VP Engineering', true], ['VP Sales', true], ['Head of Growth', true], ['Head of People', true],
  ['General Counsel', true], ['Engineering Manager', false], ['Product Manager', false], ['Senior Software Engineer', false],
  ['Data Scientist', false], ['Account Executive', false], ['Designer', false],
];

/** Curated views over the taxonomy: [slug, name, description, taxonomy names]. */
export const LANDSCAPES: readonly [string, string, string, readonly string[]][] = [
  ['ai-infrastructure', 'AI Infrastructure', 'Compute, data and tooling underneath modern AI applications.', ['Artificial Intelligence', 'Generative AI', 'Cloud Infrastructure', 'Data Infrastructure', 'Chip Design']],
  ['embedded-finance', 'Embedded Finance', 'Financial products delivered inside non-financial software.', ['Fintech', 'Payments', 'Lending', 'Embedded Finance', 'APIs']],
  ['climate-tech', 'Climate Tech', 'Decarbonisation across energy, industry, food and carbon removal.', ['Climate Tech', 'Energy', 'Carbon Capture', 'Solar', 'Hydrogen', 'Energy Storage']],
  ['digital-health', 'Digital Health', 'Care delivery, diagnostics and therapeutics in software.', ['Healthcare', 'Telemedicine', 'Digital Therapeutics', 'Mental Health']],
  ['future-of-work', 'Future of Work', 'Tools for hiring, paying and managing distributed teams.', ['HR Tech', 'Recruiting', 'Payroll', 'Low-Code']],
  ['cybersecurity', 'Cybersecurity', 'Identity, cloud and threat protection.', ['Cybersecurity', 'Identity & Access', 'Cloud Security', 'Biometrics']],
  ['new-space', 'New Space', 'Launch, satellites and data from orbit.', ['Space', 'Launch Services', 'Earth Observation', 'Satellite Technology']],
  ['food-tech', 'Food Tech', 'Alternative proteins, agriculture and delivery.', ['Food & Beverage', 'Agritech', 'Alternative Protein', 'Vertical Farming', 'Food Delivery']],
  ['developer-tools', 'Developer Tools', 'Software for people who build software.', ['Developer Tools', 'DevOps', 'Observability', 'Developers', 'Open Source']],
  ['mobility', 'Mobility', 'Moving people and goods, electrified and automated.', ['Mobility', 'Electric Vehicles', 'Autonomous Vehicles', 'Ride Hailing', 'Last-Mile Delivery']],
  ['web3', 'Web3', 'Blockchains, digital assets and their infrastructure.', ['Web3 & Crypto', 'Blockchain', 'Crypto Exchange']],
  ['edtech', 'Education Technology', 'Learning for students and professionals.', ['Edtech', 'Online Learning', 'Language Learning', 'Students']],
];

export const PATENT_TOPICS: readonly string[] = list(
  'distributed data processing|machine learning model training|image recognition|battery thermal management|secure authentication|wireless signal processing|drug delivery|protein expression|autonomous navigation|energy conversion|sensor fusion|natural language understanding|fraud detection|network routing|semiconductor fabrication|carbon dioxide capture|gene editing|payment authorisation|robotic manipulation|satellite communication',
);
