import { SOCIAL_NETWORKS } from '../../../common/site-content';
import { siteCopy } from '../copy';
import { LinkFields } from './link-fields';
import { ListField } from './list-field';
import { SectionFieldset } from './section-fieldset';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const { fields } = siteCopy;

type Link = { label: string; href: string };
type SocialLink = Link & { network: (typeof SOCIAL_NETWORKS)[number] };

const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((network) => ({
  value: network,
  label: siteCopy.network[network],
}));

/** A new social link takes the first network not yet listed. */
const createSocialLink = (items: readonly SocialLink[]): SocialLink => ({
  network:
    SOCIAL_NETWORKS.find((network) => !items.some((item) => item.network === network)) ??
    SOCIAL_NETWORKS[0],
  label: '',
  href: '',
});

function LinkList({ path, legend }: { path: string; legend: string }) {
  return (
    <ListField<Link>
      path={path}
      legend={legend}
      itemName={siteCopy.itemNames.serviceLinks}
      titleOf={(link) => link.label}
      createItem={() => ({ label: '', href: '' })}
      max={8}
      renderItem={(itemPath) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <LinkFields path={itemPath} />
        </div>
      )}
    />
  );
}

/** The footer's tagline, its two lists of links, the social links and the copyright line. */
export function FooterFields() {
  return (
    <SectionFieldset name="footer">
      <TextField path="footer.tagline" label={fields.tagline} isMultiLine />
      <TextField path="footer.serviceLinksTitle" label={fields.serviceLinksTitle} />
      <LinkList path="footer.serviceLinks" legend={fields.serviceLinks} />
      <TextField path="footer.companyLinksTitle" label={fields.companyLinksTitle} />
      <LinkList path="footer.companyLinks" legend={fields.companyLinks} />
      <ListField<SocialLink>
        path="footer.socialLinks"
        legend={fields.socialLinks}
        itemName={siteCopy.itemNames.socialLinks}
        titleOf={(link) => siteCopy.network[link.network]}
        createItem={createSocialLink}
        max={SOCIAL_NETWORKS.length}
        renderItem={(itemPath) => (
          <>
            <SelectField
              path={`${itemPath}.network`}
              label={fields.network}
              options={NETWORK_OPTIONS}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <LinkFields path={itemPath} />
            </div>
          </>
        )}
      />
      <TextField path="footer.copyright" label={fields.copyright} />
    </SectionFieldset>
  );
}
