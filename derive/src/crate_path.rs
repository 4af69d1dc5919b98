//! How the caller names the `DeviceCopy` trait: through its dependency on `parallax` (the
//! facade) or, in `no_std` kernel crates, on `parallax-core`.

use proc_macro2::{Span, TokenStream};
use proc_macro_crate::{crate_name, FoundCrate};
use quote::quote;
use syn::{DeriveInput, Ident};

/// `::parallax::DeviceCopy` (or the caller's rename), else `::parallax_core::DeviceCopy`.
pub(crate) fn device_copy_trait(input: &DeriveInput) -> syn::Result<TokenStream> {
    for (package, own_name) in [("parallax", "parallax"), ("parallax-core", "parallax_core")] {
        if let Ok(found) = crate_name(package) {
            // Inside the package itself (its examples and doc-tests link it under its own
            // name) the crate is named as a dependency would name it.
            let name = match found {
                FoundCrate::Itself => own_name.to_string(),
                FoundCrate::Name(name) => name,
            };
            let ident = Ident::new(&name, Span::call_site());
            return Ok(quote!(::#ident::DeviceCopy));
        }
    }
    Err(syn::Error::new_spanned(
        &input.ident,
        "#[derive(DeviceCopy)] needs a dependency on `parallax` or `parallax-core` in Cargo.toml",
    ))
}
