/** The product's short name: the header's brand and the default page title. */
export const PRODUCT_NAME = 'CXM';
