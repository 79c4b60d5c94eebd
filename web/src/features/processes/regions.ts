/** The countries a form's address offers. */
export const FORM_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
] as const;

const US =
  'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming';
const CA =
  'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|NT Northwest Territories|NU Nunavut|YT Yukon';

function parse(list: string) {
  return list.split('|').map((s) => ({ value: s.slice(0, 2), label: s.slice(3) }));
}

/** REGIONS are the states (with DC and Puerto Rico) and the provinces and territories, by country. */
export const REGIONS: Record<string, { value: string; label: string }[]> = { US: parse(US), CA: parse(CA) };
