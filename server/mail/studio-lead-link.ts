/** The studio's page of one lead: `SITE_URL/studio?view=enquiry&id=…`. */
export function studioLeadLink(siteOrigin: string, enquiryId: string): string {
  return `${siteOrigin}/studio?${new URLSearchParams({ view: 'enquiry', id: enquiryId }).toString()}`;
}
