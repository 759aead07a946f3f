import { GS1_VOC } from "./link-types";

/**
 * The resolver description file (`/.well-known/gs1resolver`) as the GS1-Conformant resolver
 * standard's JSON schema has it: which resolver this is, where its root is, which primary keys and
 * link-type namespaces it knows. This site resolves GTINs (AI 01) only, with the GS1 Web
 * Vocabulary; `linkType=linkset` is never the default.
 */
export interface ResolverDescription {
  name: string;
  resolverRoot: string;
  supportedPrimaryKeys: string[];
  supportedLinkType: { namespace: string; prefix: string }[];
  linkTypeDefaultCanBeLinkset: boolean;
}

export function resolverDescription(brandName: string, siteUrl: string): ResolverDescription {
  return {
    name: `${brandName} GS1 Digital Link resolver`,
    resolverRoot: siteUrl,
    supportedPrimaryKeys: ["01"],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: "gs1:" }],
    linkTypeDefaultCanBeLinkset: false,
  };
}
